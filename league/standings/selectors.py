"""Standings reads: game records from confirmed cards and forfeits, live and published rows.

Live standings run the pure `algorithms.standings.compute_standings` over one query of the
season's games; published weeks read their stored rows. Both come out as
`StandingsSnapshotRow`s (unsaved for live), so pages and CSV treat them alike.
Each read is a fixed number of queries whatever the size of the season.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.shortcuts import get_object_or_404
from django.utils import timezone

from algorithms import metrics
from algorithms.metrics import order_description as order_description  # the page's sentence
from algorithms.standings import GameRecord, StandingRow, StandingsConfig, compute_standings
from league.nights.models import FixtureGame
from league.seasons.models import Fixture, Season, SkillLevel, Team
from league.standings.models import StandingsSnapshot, StandingsSnapshotRow
from scoring.models import Scorecard

NO_LEVEL = "none"
DONE = (Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED)


@dataclass(frozen=True)
class Level:
    key: str  # the skill level's id as text, or NO_LEVEL
    id: int | None
    name: str
    position: int


@dataclass
class LevelStandings:
    level: Level
    rows: list[StandingsSnapshotRow]


def standings_config(season: Season) -> StandingsConfig:
    return StandingsConfig(
        primary=season.standings_primary,  # type: ignore[arg-type]
        tiebreaks=tuple(season.standings_tiebreaks),  # type: ignore[arg-type]
    )


def season_levels(season: Season) -> list[Level]:
    levels = [
        Level(str(level.pk), level.pk, level.name, level.position)
        for level in SkillLevel.objects.filter(season=season).order_by("position", "name")
    ]
    if Team.objects.filter(season=season, skill_level__isnull=True).exists():
        levels.append(Level(NO_LEVEL, None, "No level", len(levels)))
    return levels


def season_game_records(season: Season) -> list[GameRecord]:
    """Every regular-season game with a result: a confirmed card or a forfeit (one query).

    A forfeited game is booked with the season's forfeit score for the other team.
    Games without a result, with no result, or a tie that stands (no winner) are left out.
    """
    rows = (
        FixtureGame.objects.filter(
            fixture__season=season,
            fixture__stage=Fixture.Stage.REGULAR,
            fixture__status__in=(Fixture.Status.SCHEDULED, Fixture.Status.PLAYED),
            no_result=False,
        )
        # No order: the default one (by fixture, so by the fixture's own default) joined
        # four more tables and sorted every game for nothing.
        .order_by()
        .values_list(
            "fixture_id",
            "fixture__week",
            "game__ns_team_id",
            "game__ew_team_id",
            "forfeited_by_id",
            "game__scorecard__status",
            "game__scorecard__current_version__ns_total",
            "game__scorecard__current_version__ew_total",
            "game__scorecard__current_version__winner",
        )
    )
    win, lose = season.forfeit_winner_score, season.forfeit_loser_score
    records = []
    for fixture_id, week, ns, ew, forfeit_by, status, ns_total, ew_total, winner in rows:
        if forfeit_by is not None:
            ns_score, ew_score = (lose, win) if forfeit_by == ns else (win, lose)
            records.append(GameRecord(fixture_id, week, ns, ew, ns_score, ew_score, forfeit_by))
        elif status in DONE and winner and ns_total is not None and ew_total is not None:
            records.append(GameRecord(fixture_id, week, ns, ew, ns_total, ew_total))
    return records


def _ratio(value: Fraction) -> Decimal:
    return Decimal(value.numerator / value.denominator if value.denominator else 0).quantize(
        Decimal("0.0001"), rounding=ROUND_HALF_UP
    )


def _row(level: Level, team: Team, position: int, row: StandingRow) -> StandingsSnapshotRow:
    return StandingsSnapshotRow(
        skill_level_id=level.id,
        level_name=level.name,
        level_position=level.position,
        team=team,
        team_name=team.name,
        position=position,
        rank=row.rank,
        **{metric.key: _stored(getattr(row, metric.key)) for metric in metrics.ROW},
    )


def _stored(value: int | Fraction) -> int | Decimal:
    """A row figure as its snapshot column keeps it: ratios (win %, SOS, OOWP) as decimals."""
    return _ratio(value) if isinstance(value, Fraction) else value


def standing_rows(
    season: Season, *, through_week: int | None = None, combined: bool = False
) -> dict[str, list[StandingRow]]:
    """The pure module's ranked rows per level key (for seeding and publishing).

    `combined` ranks every team of the season together, under the key "all".
    """
    teams = list(Team.objects.filter(season=season).order_by("name", "pk"))
    levels = {level.key: level for level in season_levels(season)}
    order = {key: i for i, key in enumerate(levels)}
    team_levels = {
        team.pk: str(team.skill_level_id) if team.skill_level_id else NO_LEVEL
        for team in sorted(teams, key=lambda t: order.get(str(t.skill_level_id or NO_LEVEL), 0))
    }
    if combined:
        team_levels = dict.fromkeys(team_levels, "all")
    removed = {t.pk for t in teams if t.status != Team.Status.ACTIVE}
    return compute_standings(
        season_game_records(season),
        team_levels,
        standings_config(season),
        removed=removed,
        through_week=through_week,
    )


def live_standings(season: Season, *, through_week: int | None = None) -> list[LevelStandings]:
    """Standings as of now (or through a week), per level, as unsaved snapshot rows."""
    teams = {team.pk: team for team in Team.objects.filter(season=season)}
    computed = standing_rows(season, through_week=through_week)
    out = []
    for level in season_levels(season):
        rows = computed.get(level.key, [])
        out.append(
            LevelStandings(
                level, [_row(level, teams[r.team], i, r) for i, r in enumerate(rows, start=1)]
            )
        )
    return out


# What the standings page reads of a season: the page is the league's busiest.
SEASON_FIELDS = (
    "name",
    "slug",
    "weeks",
    "standings_order",
    "forfeit_winner_score",
    "forfeit_loser_score",
    "league__name",
    "league__slug",
)
SNAPSHOT_FIELDS = ("season", "week", "published_at", "standings_order", "open_games", "note")


def season_and_weeks(league_slug: str, season_slug: str) -> tuple[Season, list[StandingsSnapshot]]:
    """The season and its published weeks, newest first: one query once a week is published."""
    snapshots = list(
        StandingsSnapshot.objects.filter(season__league__slug=league_slug, season__slug=season_slug)
        .select_related("season__league")
        .only(*SNAPSHOT_FIELDS, *(f"season__{name}" for name in SEASON_FIELDS))
        .order_by("-week")
    )
    if snapshots:
        season = snapshots[0].season
        for snapshot in snapshots:
            snapshot.season = season
        return season, snapshots
    season = get_object_or_404(
        Season.objects.select_related("league").only(*SEASON_FIELDS),
        league__slug=league_slug,
        slug=season_slug,
    )
    return season, []


def played_weeks(season: Season) -> list[int]:
    """Regular weeks whose first night has come, in order: one row a week (one query)."""
    return list(
        Fixture.objects.filter(
            season=season, stage=Fixture.Stage.REGULAR, date__lte=timezone.localdate()
        )
        .order_by("week")  # not the default order: DISTINCT would keep a row per fixture
        .values_list("week", flat=True)
        .distinct()
    )


def published_weeks(season: Season) -> list[StandingsSnapshot]:
    return list(season.snapshots.order_by("-week"))


def snapshot_levels(snapshot: StandingsSnapshot) -> list[Level]:
    """The levels a published week has, in their order then (one query)."""
    rows = (
        snapshot.rows.order_by("level_position", "level_name")
        .values_list("skill_level_id", "level_name", "level_position")
        .distinct()
    )
    return [Level(str(pk) if pk else NO_LEVEL, pk, name, pos) for pk, name, pos in rows]


def snapshot_rows(
    snapshot: StandingsSnapshot, level: Level | None = None
) -> list[StandingsSnapshotRow]:
    """A published week's stored rows (of one level), as they were (one query)."""
    rows = snapshot.rows.order_by("level_position", "level_name", "position")
    if level is not None:
        rows = rows.filter(level_position=level.position, level_name=level.name)
    return list(rows)
