"""A night's teams left without a game, the makeup pairings proposed for them, and the
one-offs already arranged.

A team is without a game on a night of its season when its only fixtures that night are a
bye or one whose opponent announced a forfeit ahead (live, not overturned), it hasn't a
forfeit of its own there, it is active, and it isn't already in a one-off that night. The
page lists the upcoming nights with a forfeited-against team or an arranged one-off.
"""

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from league.nights import makeup_pairs
from league.nights.makeup_pairs import BYE, FORFEITED_AGAINST, Pairing, Waiting
from league.nights.models import Forfeit
from league.seasons.models import Fixture, Season, Team

LIVE = (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)


@dataclass(frozen=True)
class WaitingTeam:
    """A team without a game: why, the fixture it had that night and who forfeited it."""

    team: Team
    why: str
    fixture: Fixture
    forfeited_by: Team | None = None

    @property
    def waiting(self) -> Waiting:
        return Waiting(self.team.pk, self.team.skill_level_id, self.why)

    @property
    def why_label(self) -> str:
        if self.forfeited_by is not None:
            return f"{self.forfeited_by} forfeited"
        return makeup_pairs.WHY_LABELS[self.why]


@dataclass(frozen=True)
class Proposal:
    home: WaitingTeam
    away: WaitingTeam
    across_levels: bool


@dataclass
class MakeupNight:
    date: datetime.date
    week: int | None
    waiting: list[WaitingTeam] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    unpaired: list[WaitingTeam] = field(default_factory=list)
    arranged: list[Fixture] = field(default_factory=list)
    meets: set[frozenset[int]] = field(default_factory=set)

    @property
    def forfeited_against(self) -> list[WaitingTeam]:
        return [w for w in self.waiting if w.why == FORFEITED_AGAINST]

    def waiting_team(self, team_id: int) -> WaitingTeam | None:
        return next((w for w in self.waiting if w.team.pk == team_id), None)


def _night_fixtures(season: Season, dates: list[datetime.date]) -> QuerySet[Fixture]:
    """The regular fixtures of those nights with teams, levels, tables and live forfeits:
    two queries."""
    live = Forfeit.objects.filter(overturned_at__isnull=True).order_by("pk")
    return (
        Fixture.objects.filter(
            season=season, stage=Fixture.Stage.REGULAR, date__in=dates, status__in=LIVE
        )
        .select_related("home__skill_level", "away__skill_level", "skill_level", "table__venue")
        .prefetch_related(Prefetch("forfeits", queryset=live, to_attr="live_forfeits"))
        .order_by("date", "week", "pk")
    )


def _night(date: datetime.date, fixtures: list[Fixture], *, across_levels: bool) -> MakeupNight:
    night = MakeupNight(date, min((f.week for f in fixtures), default=None))
    playing: set[int] = set()  # in a game that goes ahead, or forfeiting one
    candidates: dict[int, WaitingTeam] = {}
    for fixture in fixtures:
        if fixture.one_off:
            night.arranged.append(fixture)
        if fixture.away_id is None:
            if fixture.home.status == Team.Status.ACTIVE:
                candidates.setdefault(fixture.home_id, WaitingTeam(fixture.home, BYE, fixture))
            continue
        night.meets.add(frozenset((fixture.home_id, fixture.away_id)))
        forfeits = {f.team_id: f for f in fixture.live_forfeits}
        for team, other in ((fixture.home, fixture.away), (fixture.away, fixture.home)):
            against = forfeits.get(other.pk)
            if fixture.one_off or team.pk in forfeits or against is None:
                playing.add(team.pk)
            elif against.reason != Forfeit.Reason.ANNOUNCED:
                playing.add(team.pk)  # recorded at the venue: the night has happened
            elif team.status == Team.Status.ACTIVE:
                # An opponent's forfeit outranks a bye as the reason shown.
                candidates[team.pk] = WaitingTeam(team, FORFEITED_AGAINST, fixture, other)
    night.waiting = sorted(
        (w for pk, w in candidates.items() if pk not in playing),
        key=lambda w: (w.why != FORFEITED_AGAINST, w.team.name.casefold(), w.team.pk),
    )
    by_id = {w.team.pk: w for w in night.waiting}
    proposed = makeup_pairs.propose_pairings(
        [w.waiting for w in night.waiting], meets=night.meets, across_levels=across_levels
    )
    night.proposals = [_proposal(p, by_id) for p in proposed.pairings]
    night.unpaired = [by_id[w.team_id] for w in proposed.unpaired]
    return night


def _proposal(pairing: Pairing, by_id: dict[int, WaitingTeam]) -> Proposal:
    return Proposal(by_id[pairing.home.team_id], by_id[pairing.away.team_id], pairing.across_levels)


def makeup_night(
    season: Season, date: datetime.date, *, across_levels: bool = False
) -> MakeupNight:
    """The night's teams without a game, proposals and one-offs: two queries."""
    return _night(date, list(_night_fixtures(season, [date])), across_levels=across_levels)


def teams_without_game(season: Season, date: datetime.date) -> list[WaitingTeam]:
    return makeup_night(season, date).waiting


def makeup_dates(season: Season, *, today: datetime.date | None = None) -> list[datetime.date]:
    """Upcoming nights with a live announced forfeit or an arranged one-off: one query."""
    today = today or timezone.localdate()
    announced = Q(forfeits__reason=Forfeit.Reason.ANNOUNCED, forfeits__overturned_at__isnull=True)
    dates = (
        Fixture.objects.filter(
            season=season, stage=Fixture.Stage.REGULAR, date__gte=today, status__in=LIVE
        )
        .filter(announced | Q(one_off=True))
        .order_by("date")
        .values_list("date", flat=True)
        .distinct()
    )
    return list(dates)


def makeup_nights(
    season: Season,
    *,
    today: datetime.date | None = None,
    date: datetime.date | None = None,
    across_levels: bool = False,
) -> list[MakeupNight]:
    """The upcoming nights the makeups page lists (or just `date`): three queries."""
    dates = [date] if date is not None else makeup_dates(season, today=today)
    if not dates:
        return []
    by_date: dict[datetime.date, list[Fixture]] = {d: [] for d in dates}
    for fixture in _night_fixtures(season, dates):
        by_date[fixture.date].append(fixture)
    return [_night(d, by_date[d], across_levels=across_levels) for d in dates]


def nights_needing_makeups(
    season: Season, *, today: datetime.date | None = None
) -> list[MakeupNight]:
    """For the dashboard card: upcoming nights where a forfeited-against team has no game."""
    return [n for n in makeup_nights(season, today=today) if n.forfeited_against]
