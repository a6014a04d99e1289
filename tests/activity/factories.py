"""Activity entries for the selector and page tests, written straight to the table."""

import datetime

from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from activity.models import Activity, Scope, Verb


def entry(
    *,
    scope_id: int,
    scope_kind: str = Scope.LEAGUE,
    verb: str = Verb.FORFEIT_RECORDED,
    actor=None,
    label: str = "Fall · Week 1: Aces v Bowers",
    detail: str = "",
    at: datetime.datetime | None = None,
) -> Activity:
    return Activity.objects.create(
        at=at or timezone.now(),
        actor=actor,
        actor_label=actor.get_username() if actor is not None else "",
        verb=verb,
        content_type=ContentType.objects.get_for_model(Activity),
        object_id=1,
        target_label=label,
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=detail,
    )


def local(day: datetime.date, hour: int = 12) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour)))
