"""Reading the activity log: a league's or a tournament's entries, newest first, filtered."""

import datetime

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db.models import Model, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from activity.models import Activity


def activity_for_scope(*, scope_kind: str, scope_id: int) -> QuerySet[Activity]:
    """Every entry of one league's or tournament's log, newest first (one query a page)."""
    return Activity.objects.filter(scope_kind=scope_kind, scope_id=scope_id).order_by("-at", "-pk")


def _day_start(day: datetime.date) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


def activity_filter(
    entries: QuerySet[Activity],
    *,
    verb: str = "",
    actor_id: int | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
    text: str = "",
) -> QuerySet[Activity]:
    """Narrow `entries`: by action, by who, from/to a day (both included), by words.

    Days are the site's local days; the words are looked for in the object's label and in
    the detail line.
    """
    if verb:
        entries = entries.filter(verb=verb)
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    if since is not None:
        entries = entries.filter(at__gte=_day_start(since))
    if until is not None:
        entries = entries.filter(at__lt=_day_start(until + datetime.timedelta(days=1)))
    text = text.strip()
    if text:
        entries = entries.filter(Q(target_label__icontains=text) | Q(detail__icontains=text))
    return entries


def actors_in(entries: QuerySet[Activity]) -> QuerySet:
    """The people who appear in `entries` (for the "who" filter), by username."""
    user_model = get_user_model()
    return user_model.objects.filter(
        pk__in=entries.order_by().filter(actor__isnull=False).values("actor_id")
    ).order_by(user_model.USERNAME_FIELD)


def logged_actor(model: type[Model], verb: str) -> Subquery:
    """Who first did `verb` to each row: an annotation for a list of `model` (one query).

    For lists that used to keep their own "by" column, now that the log keeps it.
    """
    return Subquery(
        Activity.objects.filter(
            content_type=ContentType.objects.get_for_model(model),
            object_id=OuterRef("pk"),
            verb=verb,
        )
        .order_by("at", "pk")
        .values("actor_label")[:1]
    )
