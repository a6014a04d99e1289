"""Reads of the outbox: notices with their delivery counts, what something caused, failures.

Who gets a notice is the sender's business: the league's recipients are in
`league.announcements.selectors`.
"""

from typing import Any

from django.db.models import Count, Q, QuerySet

from accounts import permissions
from notices.models import Notice, OutboxMessage


def notices_with_counts() -> QuerySet[Notice]:
    """Notices annotated with sent / pending / failed counts per channel (one query)."""
    counts: dict[str, Any] = {}
    for channel in OutboxMessage.Channel.values:
        for label, statuses in (
            ("sent", ["sent"]),
            ("pending", ["pending", "sending"]),
            ("failed", ["failed"]),
        ):
            counts[f"{channel}_{label}"] = Count(
                "messages",
                filter=Q(messages__channel=channel, messages__status__in=statuses),
            )
    return (
        Notice.objects.select_related("season__league", "created_by")
        .annotate(**counts)
        .order_by("-created_at", "-pk")
    )


def notices_visible_to(user: Any) -> QuerySet[Notice]:
    """The outbox a person may read: site administrators all of it; a league's managers the
    notices of its seasons and announcements, and whatever they sent themselves."""
    notices = notices_with_counts()
    if permissions.is_site_admin(user):
        return notices
    leagues = permissions.managed_league_ids(user)
    return notices.filter(
        Q(season__league_id__in=leagues)
        | Q(announcement__league_id__in=leagues)
        | Q(created_by_id=user.pk)
    ).distinct()


def notices_for_source(**source: Any) -> QuerySet[Notice]:
    """Notices caused by something, e.g. `notices_for_source(cancellation=12)`, with counts."""
    lookups = {f"source__{key}": value for key, value in source.items()}
    return notices_with_counts().filter(**lookups)


def failed_messages(notice: Notice) -> QuerySet[OutboxMessage]:
    return notice.messages.filter(status=OutboxMessage.Status.FAILED).order_by("channel", "address")
