"""Who gets the league's notices, and the league's announcements and subscriptions."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import RoleName, Scope
from league.seasons.models import League, Player, RosterEntry, Season, Team, Waiver
from league.seasons.recipients import recipient_for_player  # one recipient per player
from notices.addresses import Recipient, normalise_phone
from notices.channels import PREFERENCE_KINDS, channels_for, channels_of, choice_name
from notices.models import Announcement, NoticePreference, Subscription


def recipient_for_user(user: Any) -> Recipient:
    """A user's contact: their player record's (texts included), else the account's email."""
    player = Player.objects.filter(user_id=user.pk).first()
    if player is not None:
        recipient = recipient_for_player(player)
        if recipient.email or not user.email:
            return recipient
        return Recipient(recipient.name, user.email, player.phone, player.sms_opt_in, player.pk)
    return Recipient(name=user.get_full_name() or user.get_username(), email=user.email)


def managers_of_league(league_id: int) -> list[Recipient]:
    """The league's managers (their accounts, or their player records when they have one)."""
    users = (
        get_user_model()
        .objects.filter(
            is_active=True,
            object_roles__scope_kind=Scope.LEAGUE,
            object_roles__scope_id=league_id,
            object_roles__role=RoleName.MANAGER,
        )
        .distinct()
        .order_by("username")
    )
    return [recipient_for_user(user) for user in users]


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


def _subscriber(sub: Subscription) -> Recipient:
    return Recipient(
        name=sub.player.name,
        email=sub.player.email if sub.by_email else "",
        phone=sub.player.phone,
        sms_opt_in=sub.by_sms,
        player_id=sub.player_id,
    )


def subscribers_of_league(league: League) -> list[Recipient]:
    """Players who asked for the league's notices, on the channels they chose."""
    subscriptions = (
        Subscription.objects.filter(league=league).select_related("player").order_by("pk")
    )
    return [_subscriber(sub) for sub in subscriptions]


def general_notice_recipients(
    *, league: League, season: Season | None, to_captains: bool, to_subscribers: bool
) -> list[Recipient]:
    """Whom a manager's general notice goes to: the season's captains and/or the league's
    subscribers (the form says how many before it is sent)."""
    recipients = []
    if to_captains and season is not None:
        recipients += captains_of_season(season)
    if to_subscribers:
        recipients += subscribers_of_league(league)
    return recipients


def subscribed_players_of_teams(teams: Iterable[Team | int], league: League) -> list[Recipient]:
    """Players on these teams' current rosters who asked for the league's notices, on the
    channels they chose (captains hear through `captains_of_teams`)."""
    team_ids = [team if isinstance(team, int) else team.pk for team in teams]
    today = timezone.localdate()
    on_roster = RosterEntry.objects.filter(team_id__in=team_ids, fixture__isnull=True).filter(
        Q(ends_on__isnull=True) | Q(ends_on__gte=today)
    )
    subscriptions = (
        Subscription.objects.filter(league=league, player__in=on_roster.values("player_id"))
        .select_related("player")
        .order_by("player__name", "pk")
    )
    return [_subscriber(sub) for sub in subscriptions]


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


def player_can_text(player: Player) -> bool:
    """Texts reach the player: they agreed to them and have a number that takes them."""
    return player.sms_opt_in and bool(normalise_phone(player.phone))


def notice_choices(player: Player) -> dict[str, str]:
    """Kind → "email", "sms" or "both": how each kind of notice reaches the player now
    (their choice, or the kind's default, as far as their contacts allow)."""
    can_text = player_can_text(player)
    stored = {
        pref.kind: channels_of(by_email=pref.by_email, by_sms=pref.by_sms)
        for pref in NoticePreference.objects.filter(player=player)
    }
    return {
        kind: choice_name(channels_for(kind, stored.get(kind), can_email=True, can_text=can_text))
        for kind in PREFERENCE_KINDS
    }
