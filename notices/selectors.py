"""Reads shared by notice producers, pages and tasks: who gets a notice, and what was sent."""

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from league.seasons.models import League, Player, RosterEntry, Season, Team, Waiver
from notices.addresses import Recipient
from notices.models import Announcement, Notice, OutboxMessage, Subscription


def recipient_for_player(player: Player) -> Recipient:
    return Recipient(
        name=player.name,
        email=player.email,
        phone=player.phone,
        sms_opt_in=player.sms_opt_in,
        player_id=player.pk,
    )


def _current_captains(entries: QuerySet[RosterEntry]) -> list[Recipient]:
    today = timezone.localdate()
    rows = (
        entries.filter(role=RosterEntry.Role.CAPTAIN, fixture__isnull=True)
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=today))
        .select_related("player")
        .order_by("team__name", "player__name", "pk")
    )
    seen: set[int] = set()
    recipients = []
    for entry in rows:
        if entry.player_id not in seen:
            seen.add(entry.player_id)
            recipients.append(recipient_for_player(entry.player))
    return recipients


def captains_of_season(season: Season) -> list[Recipient]:
    """Every current captain of the season's active teams, once each."""
    return _current_captains(
        RosterEntry.objects.filter(team__season=season, team__status=Team.Status.ACTIVE)
    )


def captains_of_teams(teams: Iterable[Team | int]) -> list[Recipient]:
    """The current captains of exactly these teams (e.g. those still scheduled tonight)."""
    team_ids = [team if isinstance(team, int) else team.pk for team in teams]
    return _current_captains(RosterEntry.objects.filter(team_id__in=team_ids))


def subscribers_of_league(league: League) -> list[Recipient]:
    """Players who asked for the league's notices, on the channels they chose."""
    subscriptions = (
        Subscription.objects.filter(league=league).select_related("player").order_by("pk")
    )
    return [
        Recipient(
            name=sub.player.name,
            email=sub.player.email if sub.by_email else "",
            phone=sub.player.phone,
            sms_opt_in=sub.by_sms,
            player_id=sub.player_id,
        )
        for sub in subscriptions
    ]


def unsigned_players_of_season(season: Season) -> list[Recipient]:
    """Players on the season's active rosters (subs included) with no waiver yet."""
    signed = Waiver.objects.filter(season=season).values("player_id")
    players = (
        Player.objects.filter(
            roster_entries__team__season=season,
            roster_entries__team__status=Team.Status.ACTIVE,
        )
        .exclude(pk__in=signed)
        .distinct()
        .order_by("name", "pk")
    )
    return [recipient_for_player(player) for player in players]


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


def notices_for_source(**source: Any) -> QuerySet[Notice]:
    """Notices caused by something, e.g. `notices_for_source(cancellation=12)`, with counts."""
    lookups = {f"source__{key}": value for key, value in source.items()}
    return notices_with_counts().filter(**lookups)


def failed_messages(notice: Notice) -> QuerySet[OutboxMessage]:
    return notice.messages.filter(status=OutboxMessage.Status.FAILED).order_by("channel", "address")


def announcements_for_league(league: League) -> QuerySet[Announcement]:
    return Announcement.objects.filter(league=league, published_at__lte=timezone.now())


def subscription_for(player: Player, league: League) -> Subscription | None:
    return Subscription.objects.filter(player=player, league=league).first()
