"""Reads for the account page: the person's player record, teams, events and notices."""

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from league.seasons.models import League, Player, RosterEntry
from notices.models import Subscription
from tournaments.models import Entry, Tournament


@dataclass
class LeagueNotices:
    league: League
    subscription: Subscription | None


@dataclass
class AccountOverview:
    player: Player | None
    roster: list[RosterEntry] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    notices: list[LeagueNotices] = field(default_factory=list)


def account_overview(user: Any) -> AccountOverview:
    """Everything the account page lists, in five queries whatever the person's history.

    Teams: every roster place, newest season first (a sub's one-night places only until
    the night has passed). Events: every tournament entered, as player or partner. Notices:
    the leagues the person plays in or subscribed to, each with its subscription.
    """
    player = Player.objects.filter(user=user).first()
    if player is None:
        return AccountOverview(player=None)
    today = timezone.localdate()
    roster = list(
        RosterEntry.objects.filter(player=player)
        .filter(Q(fixture__isnull=True) | Q(ends_on__isnull=True) | Q(ends_on__gte=today))
        .select_related("team__season__league", "team__skill_level", "fixture")
        .order_by("-team__season__starts_on", "team__season__name", "team__name", "pk")
    )
    entries = list(
        Entry.objects.filter(Q(player=player) | Q(partner=player))
        .select_related("tournament", "player", "partner")
        .order_by("-tournament__date", "tournament__name")
    )
    subscriptions = {
        sub.league_id: sub
        for sub in Subscription.objects.filter(player=player).select_related("league")
    }
    leagues = {sub.league_id: sub.league for sub in subscriptions.values()}
    for entry in roster:
        leagues.setdefault(entry.team.season.league_id, entry.team.season.league)
    notices = [
        LeagueNotices(league, subscriptions.get(league.pk))
        for league in sorted(leagues.values(), key=lambda league: league.name.casefold())
    ]
    return AccountOverview(player=player, roster=roster, entries=entries, notices=notices)


@dataclass(frozen=True)
class StaffEvent:
    """A tournament the person runs or keeps score at, and the page their role starts on."""

    tournament: Tournament
    role: str  # "director" or "scorekeeper"
    url: str


RECENT_DAYS = 7  # a finished event stays on the start page this long after its date


def staff_events(user: Any) -> list[StaffEvent]:
    """The events the person directs or keeps score at, still to come or just played:
    a director's link goes to the control page, a scorekeeper's to score entry. One query
    (the roles come with the signed-in user)."""
    ids = permissions.scorekept_tournament_ids(user)
    if not ids:
        return []
    directed = permissions.directed_tournament_ids(user)
    since = timezone.localdate() - timedelta(days=RECENT_DAYS)
    events = Tournament.objects.filter(pk__in=ids).filter(
        ~Q(status=Tournament.Status.FINISHED) | Q(date__gte=since)
    )
    return [
        StaffEvent(t, "director", reverse("tournaments:manage", args=[t.slug]))
        if t.pk in directed
        else StaffEvent(t, "scorekeeper", reverse("tournaments:scorekeeping", args=[t.slug]))
        for t in events.order_by("date", "name")
    ]
