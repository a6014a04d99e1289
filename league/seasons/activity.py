"""The league's entries in the activity log: every capability records through here.

The scope is always the season's league, so a manager reads one timeline for the league
across its seasons; labels name the season, so the lines still read side by side.
"""

from typing import Any

from django.db import models

from activity.models import Scope
from activity.services import activity_record
from league.seasons.models import Fixture, Season


def plural(count: int, noun: str) -> str:
    """'1 fixture', '3 fixtures'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def fixture_label(fixture: Fixture) -> str:
    """'Fall 2026 · Week 3: Aces v Bowers' (select_related season, home and away)."""
    return f"{fixture.season.name} · {fixture}"


def league_activity(
    *,
    season: Season,
    actor: Any,
    verb: str,
    target: models.Model,
    detail: str = "",
    label: str | None = None,
) -> None:
    """Record `verb` in the log of the season's league (call inside the service's atomic)."""
    league_log(
        league_id=season.league_id,
        actor=actor,
        verb=verb,
        target=target,
        detail=detail,
        label=label,
    )


def league_log(
    *,
    league_id: int,
    actor: Any,
    verb: str,
    target: models.Model,
    detail: str = "",
    label: str | None = None,
) -> None:
    """Record `verb` in the league's log, for an action on the league rather than a season."""
    activity_record(
        actor=actor,
        verb=verb,
        target=target,
        scope_kind=Scope.LEAGUE,
        scope_id=league_id,
        detail=detail,
        label=label,
    )
