"""Standings reads: game records from confirmed cards and forfeits, live and published rows.

Live standings run the pure `algorithms.standings.compute_standings` over one query of the
season's games; published weeks read their stored rows. Both come out as
`StandingsSnapshotRow`s (unsaved for live), so pages and CSV treat them alike.
Each read is a fixed number of queries whatever the size of the season.
"""

import itertools
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.db import connection
from django.db.models import F, Model, QuerySet
from django.http import Http404
from django.utils import timezone

from algorithms import metrics
from algorithms.metrics import order_description as order_description  # the page's sentence
from algorithms.standings import (
    MEASURED,
    GameRecord,
    StandingRow,
    StandingsConfig,
    compute_standings,
    measured_teams,
)
from league.nights.models import FixtureGame
from league.seasons.models import Fixture, League, Season, SkillLevel, Team
from league.seasons.versions import COUNTERS, SeasonVersions, versions_from
from league.standings.models import StandingsSnapshot, StandingsSnapshotRow
from queries.compiled import CompiledQuery
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
    Games without a result, with no result, or a tie that stands (no winner) are left out,
    and so are one-off makeups the season doesn't count (`Fixture.counts_in_standings`).
    """
    rows = (
        FixtureGame.objects.filter(
            fixture__season=season,
            fixture__stage=Fixture.Stage.REGULAR,
            fixture__status__in=(Fixture.Status.SCHEDULED, Fixture.Status.PLAYED),
            fixture__counts_in_standings=True,
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
    stored = StandingsSnapshotRow(
        skill_level_id=level.id,
        level_name=level.name,
        level_position=level.position,
        team=team,
        team_name=team.name,
        position=position,
        rank=row.rank,
        **{metric.key: _stored(getattr(row, metric.key)) for metric in metrics.ROW},
    )
    for flag in MEASURED.values():
        setattr(stored, flag, getattr(row, flag))
    return stored


def _stored(value: int | Fraction) -> int | Decimal:
    """A row figure as its snapshot column keeps it: ratios (win %, SOS, OOWP) as decimals."""
    return _ratio(value) if isinstance(value, Fraction) else value


def standing_rows(
    season: Season,
    *,
    through_week: int | None = None,
    combined: bool = False,
    records: list[GameRecord] | None = None,
) -> dict[str, list[StandingRow]]:
    """The pure module's ranked rows per level key (for seeding and publishing).

    `combined` ranks every team of the season together, under the key "all". `records`:
    the season's game records when the caller has read them already.
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
        season_game_records(season) if records is None else records,
        team_levels,
        standings_config(season),
        removed=removed,
        through_week=through_week,
    )


def live_standings(
    season: Season, *, through_week: int | None = None, records: list[GameRecord] | None = None
) -> list[LevelStandings]:
    """Standings as of now (or through a week), per level, as unsaved snapshot rows."""
    teams = {team.pk: team for team in Team.objects.filter(season=season)}
    computed = standing_rows(season, through_week=through_week, records=records)
    out = []
    for level in season_levels(season):
        rows = computed.get(level.key, [])
        out.append(
            LevelStandings(
                level, [_row(level, teams[r.team], i, r) for i, r in enumerate(rows, start=1)]
            )
        )
    return out


# What the standings page reads of a season, its league and its published weeks: the page
# is the league's busiest. Model field order (`Model.from_db` takes values in that order).
def _columns(model: type[Model], names: set[str]) -> tuple[str, ...]:
    return tuple(f.attname for f in model._meta.concrete_fields if f.attname in names)


SEASON_COLUMNS = _columns(
    Season,
    {"id", "league_id", "name", "slug", "weeks", "standings_order"}
    | {"forfeit_winner_score", "forfeit_loser_score"}
    | {"playoff_teams_per_bracket", "playoff_grouping"},  # what the race is for
)
LEAGUE_COLUMNS = _columns(League, {"id", "name", "slug"})
SNAPSHOT_COLUMNS = _columns(
    StandingsSnapshot, {"id", "week", "published_at", "standings_order", "open_games", "note"}
)


def _page_query(league_slug: str, season_slug: str) -> QuerySet:
    """A row per published week, newest first (one row with empty weeks when none is)."""
    return (
        Season.objects.filter(league__slug=league_slug, slug=season_slug)
        .order_by(F("snapshots__week").desc(nulls_last=True))
        .values_list(
            *SEASON_COLUMNS,
            *(f"league__{name}" for name in LEAGUE_COLUMNS),
            *(f"snapshots__{name}" for name in SNAPSHOT_COLUMNS),
            *COUNTERS.values(),
        )
    )


_PAGE = CompiledQuery(_page_query, "\x00league\x00", "\x00season\x00")  # compiled once


def standings_page_read(
    league_slug: str, season_slug: str
) -> tuple[Season, list[StandingsSnapshot], SeasonVersions]:
    """The season (with its league), its published weeks newest first and its versions:
    one query, or a 404. The versions are read with the rest, before anything built from
    them (see `league.seasons.versions`)."""
    rows = _PAGE.rows(league_slug, season_slug)
    if not rows:
        raise Http404("No such season.")
    # Where each part of a row ends: the season, its league, a published week (the counters
    # follow).
    parts = (SEASON_COLUMNS, LEAGUE_COLUMNS, SNAPSHOT_COLUMNS)
    s, lg, sn = itertools.accumulate(len(part) for part in parts)
    season = Season.from_db(connection.alias, SEASON_COLUMNS, rows[0][:s])
    season.league = League.from_db(connection.alias, LEAGUE_COLUMNS, rows[0][s:lg])
    weeks = []
    for row in rows:
        if row[lg] is None:  # the week's id (first): the outer join's row when none is published
            continue
        snapshot = StandingsSnapshot.from_db(connection.alias, SNAPSHOT_COLUMNS, row[lg:sn])
        snapshot.season = season
        weeks.append(snapshot)
    return season, weeks, versions_from(dict(zip(COUNTERS, rows[0][sn:], strict=True)))


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
    return _marked(snapshot, list(rows))


def _marked(
    snapshot: StandingsSnapshot, rows: list[StandingsSnapshotRow]
) -> list[StandingsSnapshotRow]:
    """The rows with a stored 0 in SOS or OOWP told apart: a figure, or nothing to measure.

    A published row keeps its figures but not whether they measured anything, so that is
    read from the season's games of those weeks: one query, and only when a row has a 0
    there (mostly the first weeks). A figure above 0 always measured something.
    """
    zeros = [row for row in rows if any(getattr(row, key) == 0 for key in MEASURED)]
    if not zeros:
        return rows
    games = [g for g in season_game_records(snapshot.season) if g.week <= snapshot.week]
    measured = dict(zip(MEASURED, measured_teams(games), strict=True))
    for row in zeros:
        for key, flag in MEASURED.items():
            if getattr(row, key) == 0:
                # A team deleted since has no games to tell by: its 0 stays a figure.
                setattr(row, flag, row.team_id is None or row.team_id in measured[key])
    return rows
