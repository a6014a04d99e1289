"""Who gets the league's notices, and the league's announcements and subscriptions."""

from collections.abc import Iterable

from django.db.models import Q, QuerySet
from django.utils import timezone

from league.seasons.models import League, Player, RosterEntry, Season, Team, Waiver
from notices.addresses import Recipient
from notices.models import Announcement, Subscription


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


def announcements_for_league(league: League) -> QuerySet[Announcement]:
    return Announcement.objects.filter(league=league, published_at__lte=timezone.now())


def subscription_for(player: Player, league: League) -> Subscription | None:
    return Subscription.objects.filter(player=player, league=league).first()
