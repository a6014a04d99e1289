"""The signed-in start page's reads: each of the person's teams' next fixtures with the one
step due on it, and, for managers, what their leagues' nights still need.

A fixed number of queries whatever the number of teams, fixtures or leagues.
"""

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from league.nights.models import PlayoffReview
from league.nights.selectors.due import Due, cards_to_enter, fixture_due
from league.nights.selectors.results import FixtureResult, results_for, with_results
from league.seasons.eligibility import fixtures_play_problems
from league.seasons.models import Fixture, Season, Waiver
from league.web import Link

# A past night's cards stay on the start page this long (then the results queue has them).
OPEN_DAYS = 6
LIVE = (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)


def _open(result: FixtureResult) -> bool:
    fixture = result.fixture
    return (
        fixture.status == Fixture.Status.SCHEDULED
        and fixture.away_id is not None
        and result.closure is None
        and not result.complete
    )


def _chosen(results: list[FixtureResult], team_id: int, today: datetime.date) -> list:
    """A team's fixtures worth showing: recent nights with cards still open, tonight's
    (whatever became of them), and the next one if nothing is played tonight."""
    own = [r for r in results if team_id in r.fixture.team_ids()]
    past = [r for r in own if r.fixture.date < today and _open(r)]
    tonight = [r for r in own if r.fixture.date == today]
    ahead = [r for r in own if r.fixture.date > today and r.fixture.status in LIVE]
    playing = any(r.fixture.status in LIVE for r in tonight)
    return past + tonight + ([] if playing or not ahead else ahead[:1])


def team_fixtures_due(user: Any, *, now: datetime.datetime | None = None) -> list[Due]:
    """The person's teams' fixtures that matter now, those with a step due first."""
    team_ids = permissions.team_ids_for(user)
    if not team_ids:
        return []
    now = now or timezone.now()
    today = timezone.localdate(now)
    fixtures = with_results(
        Fixture.objects.filter(Q(home_id__in=team_ids) | Q(away_id__in=team_ids))
        .filter(date__gte=today - datetime.timedelta(days=OPEN_DAYS))
        .filter(season__schedule_state=Season.ScheduleState.PUBLISHED)
        .order_by("date", "start_time", "pk")
    )
    results = results_for(fixtures)
    chosen: dict[int, tuple[FixtureResult, int]] = {}
    for team_id in sorted(team_ids):
        for result in _chosen(results, team_id, today):
            chosen.setdefault(result.fixture.pk, (result, team_id))
    problems = fixtures_play_problems(result.fixture for result, _ in chosen.values())
    player_id = permissions.player_id_for(user)
    signed = set(
        Waiver.objects.filter(
            player_id=player_id, season_id__in={r.fixture.season_id for r, _ in chosen.values()}
        ).values_list("season_id", flat=True)
    )
    dues = []
    for result, team_id in chosen.values():
        fixture = result.fixture
        team = fixture.home if team_id == fixture.home_id else fixture.away
        dues.append(
            fixture_due(
                result,
                user=user,
                team=team,
                problems=problems.get(fixture.pk, []),
                waiver_signed=fixture.season_id in signed,
                now=now,
            )
        )
    dues.sort(key=lambda due: (due.action is None, due.fixture.date, due.fixture.pk))
    return dues


@dataclass
class LeagueNight:
    """What a manager's season still needs: tonight's fixtures, cards missing or waiting,
    disputes to settle and playoff places to rule on after a forfeit."""

    season: Season
    tonight: int = 0
    tonight_done: int = 0
    missing: int = 0  # fixtures with games still without a card
    waiting: int = 0  # cards entered, not yet confirmed
    disputes: int = 0
    reviews: int = 0
    forfeits_tonight: int = 0

    def _url(self, name: str) -> str:
        return reverse(name, kwargs={"league": self.season.league.slug, "season": self.season.slug})

    @property
    def to_do(self) -> list[Link]:
        """Each item is a link to the page where it is done."""
        queue = self._url("league:results_queue")
        forfeits = self._url("league:season_forfeits")
        items = []
        if self.disputes:
            items.append(Link(f"Settle {_count(self.disputes, 'disputed card')}", queue))
        if self.reviews:
            what = _count(self.reviews, "playoff place")
            items.append(Link(f"Rule on {what} after a forfeit", forfeits))
        if self.missing:
            what = _count(self.missing, "fixture")
            items.append(Link(f"{what} missing cards", queue))
        if self.waiting:
            items.append(Link(f"{_count(self.waiting, 'card')} waiting for confirmation", queue))
        if self.forfeits_tonight:
            items.append(Link(f"{_count(self.forfeits_tonight, 'forfeit')} tonight", forfeits))
        return items


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def league_nights(user: Any, *, now: datetime.datetime | None = None) -> list[LeagueNight]:
    """The managed leagues' seasons with a night tonight or something left to do."""
    league_ids = permissions.managed_league_ids(user)
    if not league_ids:
        return []
    today = timezone.localdate(now or timezone.now())
    fixtures = with_results(
        Fixture.objects.filter(season__league_id__in=league_ids, away__isnull=False)
        .filter(
            Q(date=today) | Q(date__lt=today, status=Fixture.Status.SCHEDULED, closure__isnull=True)
        )
        .order_by("date", "pk")
    )
    nights: dict[int, LeagueNight] = {}

    def night_of(season: Season) -> LeagueNight:
        return nights.setdefault(season.pk, LeagueNight(season))

    for result in results_for(fixtures):
        fixture = result.fixture
        night = night_of(fixture.season)
        if fixture.date == today and fixture.status in LIVE:
            night.tonight += 1
            night.tonight_done += int(result.complete or result.closure is not None)
            night.forfeits_tonight += len(result.live_forfeits)
        if not _open(result):
            continue
        if cards_to_enter(result):
            night.missing += 1
        night.waiting += sum(1 for g in result.games if g.state == "submitted")
        night.disputes += sum(1 for g in result.games if g.state == "disputed")
    reviews = PlayoffReview.objects.filter(
        season__league_id__in=league_ids, decision=PlayoffReview.Decision.PENDING
    ).select_related("season__league")
    for review in reviews:
        night_of(review.season).reviews += 1
    busy = [night for night in nights.values() if night.tonight or night.to_do]
    return sorted(busy, key=lambda n: (n.season.league.name.casefold(), n.season.name))


@dataclass
class Tonight:
    fixtures: list[Due]
    nights: list[LeagueNight]
    today: datetime.date | None = None

    @property
    def actions(self) -> list[Due]:
        return [due for due in self.fixtures if due.action is not None]

    @property
    def has_tonight(self) -> bool:
        """A fixture tonight, or a league night tonight for a manager."""
        return any(d.fixture.date == self.today for d in self.fixtures) or any(
            night.tonight for night in self.nights
        )


def tonight_for(user: Any, *, now: datetime.datetime | None = None) -> Tonight:
    """Everything the start page shows a signed-in person."""
    if not user.is_authenticated:
        return Tonight([], [])
    now = now or timezone.now()
    return Tonight(
        team_fixtures_due(user, now=now), league_nights(user, now=now), timezone.localdate(now)
    )
