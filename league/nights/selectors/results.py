"""Reads for league nights: a fixture's games with their cards, a night, the manager's queue.

Each read is a fixed number of queries whatever the number of fixtures.
"""

import datetime
import functools
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from league.nights.models import FixtureClosure, FixtureGame, Forfeit
from league.nights.selectors.lineups import Lineups
from league.seasons.models import Fixture, Season, Table
from scoring.models import Scorecard, ScorecardVersion

DONE = (Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED)


@dataclass
class GameLine:
    """One game of a fixture as the pages show it; home is N-S."""

    fixture_game: FixtureGame | None
    number: int
    state: str  # empty, submitted, disputed, confirmed, settled, forfeit, no_result
    home_score: int | None = None
    away_score: int | None = None
    winner: str | None = None  # "home", "away" or None
    timed_out: bool = False
    version: ScorecardVersion | None = None

    @property
    def has_result(self) -> bool:
        return self.state in ("confirmed", "settled", "forfeit", "no_result")

    @property
    def is_open(self) -> bool:
        return not self.has_result

    @property
    def game_id(self) -> int | None:
        return self.fixture_game.game_id if self.fixture_game else None

    @property
    def game_url(self) -> str | None:
        """The game's card page (the fixture page links each game's)."""
        return _game_url(self.game_id) if self.game_id else None

    @property
    def state_label(self) -> str:
        return {
            "empty": "No card yet",
            "submitted": "Waiting for confirmation",
            "disputed": "Disputed: a manager settles it",
            "confirmed": "Confirmed",
            "settled": "Settled by staff",
            "forfeit": "Forfeit",
            "no_result": "No result",
        }[self.state]


@functools.lru_cache(maxsize=4096)
def _game_url(game_id: int) -> str:
    # Reversed once per game and process: three reverses were a tenth of a fixture page.
    return reverse("scoring:game_detail", args=[game_id])


@dataclass
class FixtureResult:
    fixture: Fixture
    games: list[GameLine]
    forfeits: list[Forfeit] = field(default_factory=list)
    closure: FixtureClosure | None = None
    lineups: Lineups | None = None  # read with the result when kept (`fixture_page`)

    @property
    def home_wins(self) -> int:
        return sum(1 for g in self.games if g.winner == "home")

    @property
    def away_wins(self) -> int:
        return sum(1 for g in self.games if g.winner == "away")

    @property
    def open_games(self) -> list[GameLine]:
        return [g for g in self.games if g.is_open]

    @property
    def complete(self) -> bool:
        return not self.open_games

    @property
    def live_forfeits(self) -> list[Forfeit]:
        return [f for f in self.forfeits if f.is_live]


def _line(fixture: Fixture, fg: FixtureGame | None, number: int) -> GameLine:
    season = fixture.season
    if fg is None:
        return GameLine(None, number, "empty")
    if fg.forfeited_by_id is not None:
        home_lost = fg.forfeited_by_id == fixture.home_id
        win, lose = season.forfeit_winner_score, season.forfeit_loser_score
        return GameLine(
            fg,
            number,
            "forfeit",
            home_score=lose if home_lost else win,
            away_score=win if home_lost else lose,
            winner="away" if home_lost else "home",
        )
    if fg.no_result:
        return GameLine(fg, number, "no_result")
    card = getattr(fg.game, "scorecard", None)
    if card is None or card.current_version is None:
        return GameLine(fg, number, "empty")
    version = card.current_version
    line = GameLine(
        fg,
        number,
        card.status,
        home_score=version.ns_total,
        away_score=version.ew_total,
        timed_out=version.timed_out,
        version=version,
    )
    if card.status in DONE and version.winner:
        line.winner = "home" if version.winner == "NS" else "away"
    return line


def _game_prefetch() -> Prefetch:
    return Prefetch(
        "fixture_games",
        queryset=FixtureGame.objects.select_related(
            "game__scorecard__current_version__submitted_by"
        ).order_by("number"),
    )


def results_for(fixtures: Iterable[Fixture]) -> list[FixtureResult]:
    """Fixtures (loaded with `with_results`) as results, a line per expected game."""
    return [
        _result(fixture, fixture.fixture_games.all(), fixture.forfeits.all())
        for fixture in fixtures
    ]


def _result(
    fixture: Fixture, fixture_games: Iterable[FixtureGame], forfeits: Iterable[Forfeit]
) -> FixtureResult:
    games = {fg.number: fg for fg in fixture_games}
    count = max(fixture.games, max(games, default=0))
    if fixture.stage == Fixture.Stage.PLAYOFF:
        count = max(games, default=0)
    lines = [_line(fixture, games.get(n), n) for n in range(1, count + 1)]
    return FixtureResult(
        fixture, lines, forfeits=list(forfeits), closure=getattr(fixture, "closure", None)
    )


def games_won(fixture_ids: Collection[int]) -> dict[int, tuple[int, int]]:
    """(home, away) games won in each fixture with a decided game, as `_line` decides them
    (a forfeit, or a confirmed or settled card's winner): one query for any number."""
    rows = FixtureGame.objects.filter(fixture_id__in=list(fixture_ids)).values_list(
        "fixture_id",
        "fixture__home_id",
        "forfeited_by_id",
        "no_result",
        "game__scorecard__status",
        "game__scorecard__current_version__winner",
    )
    won: dict[int, tuple[int, int]] = {}
    for fixture_id, home_id, forfeited_by, no_result, status, winner in rows:
        if forfeited_by is not None:
            home_won = forfeited_by != home_id
        elif not no_result and status in DONE and winner:
            home_won = winner == "NS"
        else:
            continue
        home, away = won.get(fixture_id, (0, 0))
        won[fixture_id] = (home + 1, away) if home_won else (home, away + 1)
    return won


def with_results(fixtures: QuerySet[Fixture]) -> QuerySet[Fixture]:
    return fixtures.select_related(
        "season__league", "home", "away", "table__venue", "skill_level", "closure"
    ).prefetch_related(
        _game_prefetch(),
        _forfeit_prefetch(),
    )


def _forfeit_prefetch() -> Prefetch:
    # A fixture's forfeits in the order they were recorded (not the model's ordering,
    # which joins the fixture again for its date).
    return Prefetch(
        "forfeits", queryset=Forfeit.objects.select_related("team", "recorded_by").order_by("pk")
    )


def fixture_result(fixture_id: int) -> FixtureResult | None:
    """One fixture with its teams, season (league, rule set), table, games and forfeits.

    Small queries rather than one wide join (at most five, three for a fixture without a
    table or forfeits): PostgreSQL's planner spends milliseconds ordering a join of nine
    tables, several times what the small queries cost together, and the fixture page is
    read by everyone on a league night. Unsorted: the model's ordering would join four more
    tables to sort one row.
    """
    fixture = (
        Fixture.objects.filter(pk=fixture_id)
        .order_by()
        .select_related("home", "away", "skill_level", "closure")
        .annotate(has_forfeits=Exists(Forfeit.objects.filter(fixture=OuterRef("pk"))))
        .first()
    )
    if fixture is None:
        return None
    fixture.season = (
        Season.objects.select_related("league", "rule_set").order_by().get(pk=fixture.season_id)
    )
    if fixture.table_id is not None:
        fixture.table = Table.objects.select_related("venue").order_by().get(pk=fixture.table_id)
    # The page names nobody who entered a card or recorded a forfeit.
    games = FixtureGame.objects.filter(fixture=fixture).select_related(
        "game__scorecard__current_version"
    )
    forfeits = Forfeit.objects.filter(fixture=fixture).select_related("team")
    return _result(
        fixture,
        games.order_by("number"),
        forfeits.order_by("pk") if fixture.has_forfeits else [],
    )


def night_results(season: Season, date: datetime.date) -> list[FixtureResult]:
    fixtures = with_results(
        Fixture.objects.filter(season=season, date=date).order_by(
            "skill_level__position", "table__position", "pk"
        )
    )
    return results_for(fixtures)


def season_nights(season: Season) -> list[datetime.date]:
    """Dates with fixtures, in order."""
    return list(
        Fixture.objects.filter(season=season)
        .order_by("date")
        .values_list("date", flat=True)
        .distinct()
    )


def open_results(season: Season, *, today: datetime.date | None = None) -> list[FixtureResult]:
    """The manager's queue: past and tonight's fixtures still missing a result, oldest first."""
    today = today or timezone.localdate()
    fixtures = with_results(
        Fixture.objects.filter(
            season=season,
            date__lte=today,
            away__isnull=False,
            status=Fixture.Status.SCHEDULED,
        )
        .filter(Q(closure__isnull=True))
        .order_by("date", "skill_level__position", "pk")
    )
    return [r for r in results_for(fixtures) if not r.complete]


def disputed_fixture_games(season: Season) -> QuerySet[FixtureGame]:
    return FixtureGame.objects.filter(
        fixture__season=season, game__scorecard__status=Scorecard.Status.DISPUTED
    ).select_related("fixture__home", "fixture__away", "game__scorecard")
