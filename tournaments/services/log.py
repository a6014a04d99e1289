"""A tournament's entries in the activity log: the director's actions, in their transaction."""

from typing import Any

from django.db import models

from activity.models import Scope
from activity.services import activity_record
from tournaments.models import Tournament


def tournament_activity(
    *,
    tournament: Tournament,
    actor: Any,
    verb: str,
    target: models.Model | None = None,
    detail: str = "",
    label: str | None = None,
) -> None:
    """Record `verb` (on `target`, the tournament itself by default) in the event's log."""
    activity_record(
        actor=actor,
        verb=verb,
        target=target if target is not None else tournament,
        scope_kind=Scope.TOURNAMENT,
        scope_id=tournament.pk,
        detail=detail,
        label=label,
    )
