"""What the read endpoints answer with: the pages' own field names (the standings' figures
by their metric keys, `algorithms.metrics.ROW`), public fields only — no email, phone or
anything else a page keeps to its team or staff."""

import datetime

from ninja import Schema
from pydantic import ConfigDict, Field, create_model

from algorithms import metrics
from algorithms.standings import MEASURED
from api import errors


class Out(Schema):
    model_config = ConfigDict(extra="forbid")


class Problem(Out):
    detail: str = Field(description="Why the request was refused, in a sentence.")


Invalid = errors.Invalid  # a 422: a sentence, and each problem with where it is


class Paged(Out):
    count: int = Field(description="Items in the whole list.")
    limit: int
    offset: int


# Leagues --------------------------------------------------------------------------------------


class LeagueOut(Out):
    slug: str
    name: str
    description: str


class LeaguePage(Paged):
    items: list[LeagueOut]


class SeasonOut(Out):
    slug: str
    name: str
    league: str = Field(description="The league's slug.")
    starts_on: datetime.date | None
    weeks: int
    schedule_published: bool


class SeasonList(Out):
    league: LeagueOut
    seasons: list[SeasonOut]


class LevelOut(Out):
    key: str = Field(description="The level's id, or 'none' for teams without a level.")
    name: str
    position: int


class SeasonDetail(SeasonOut):
    levels: list[LevelOut]
    games_per_fixture: int


class RosterOut(Out):
    name: str
    role: str = Field(description="captain, player or sub")


class TeamOut(Out):
    id: int
    name: str
    level: str | None
    status: str
    roster: list[RosterOut] | None = Field(
        description="Names and roles, for the team's own players and the league's staff "
        "(as the team page); null for everyone else."
    )


class TeamList(Out):
    season: str
    teams: list[TeamOut]


class FixtureOut(Out):
    """A schedule row (`league.seasons.selectors.ScheduleRow`)."""

    id: int
    week: int
    date: datetime.date
    original_date: datetime.date | None
    status: str
    home_id: int
    home: str
    away_id: int | None
    away: str | None
    level: str | None
    table: str | None
    venue: str | None
    one_off: bool
    counts_in_standings: bool


class SchedulePage(Paged):
    items: list[FixtureOut]


class GameOut(Out):
    number: int
    state: str = Field(description="empty, submitted, disputed, confirmed, settled, forfeit …")
    home_score: int | None
    away_score: int | None
    winner: str | None = Field(description="home, away or null")


class ResultOut(Out):
    fixture: FixtureOut
    home_wins: int
    away_wins: int
    complete: bool
    games: list[GameOut]


class ResultPage(Paged):
    items: list[ResultOut]


def _figure(key: str) -> tuple[type, object]:
    """A standings figure's type: ratios as decimals, SOS and OOWP null when they measure
    nothing yet (the page's dash)."""
    if key in MEASURED:
        return (float | None, ...)
    if key == metrics.WIN_PCT.key:
        return (float, ...)
    return (int, ...)


# One field per figure of a standings row, named by its metric key (as the CSV's columns).
StandingRowOut = create_model(
    "StandingRowOut",
    __base__=Out,
    position=(int, ...),
    rank=(int, ...),
    team_id=(int | None, ...),
    team_name=(str, ...),
    **{metric.key: _figure(metric.key) for metric in metrics.ROW},  # type: ignore[arg-type]
)


class LevelStandingsOut(LevelOut):
    rows: list[StandingRowOut]  # type: ignore[valid-type]


class StandingsOut(Out):
    season: str
    league: str
    live: bool
    week: int | None = Field(description="The published week shown; null when live.")
    published_at: datetime.datetime | None
    note: str
    open_games: int | None
    weeks_published: list[int]
    order: list[str] = Field(description="The metric keys the standings are ranked by.")
    levels: list[LevelStandingsOut]


class SeriesOut(Out):
    """A playoff series (`league.playoffs.models.PlayoffMatch`)."""

    position: int
    top: str | None
    top_seed: int | None
    bottom: str | None
    bottom_seed: int | None
    is_bye: bool
    top_wins: int
    bottom_wins: int
    winner: str | None
    fixture_id: int | None


class PlayoffRoundOut(Out):
    number: int
    name: str
    date: datetime.date | None
    series: list[SeriesOut]


class BracketOut(Out):
    level: str | None
    champion: str | None
    rounds: list[PlayoffRoundOut]


class PlayoffsOut(Out):
    season: str
    brackets: list[BracketOut]


# Tournaments ----------------------------------------------------------------------------------


class TournamentOut(Out):
    slug: str
    name: str
    date: datetime.date
    venue: str
    format: str
    status: str
    rounds: int
    current_round: int | None


class TournamentPage(Paged):
    items: list[TournamentOut]


class SeatOut(Out):
    seat: str = Field(description="N, E, S or W")
    player: str
    entry: int = Field(description="The entry's number.")


class TableOut(Out):
    number: int
    seats: list[SeatOut]
    confirmed: bool
    side_score: str
    seat_points: dict[str, int]


class RoundOut(Out):
    number: int
    status: str
    started_at: datetime.datetime | None
    tables: list[TableOut]
    sitting_out: list[str]


class RoundList(Out):
    tournament: str
    rounds: list[RoundOut]


class LeaderRowOut(Out):
    """A leaderboard line (`tournaments.leaderboard.Standing`, by the page's keys)."""

    place: int
    tied: bool
    player: str
    player_id: int
    points: float
    game_points: int
    rounds_played: int
    sit_out_points: float
    games_won: int
    lone_hands_made: int
    best_round: int
    prize_cents: int
    flight: str
    rounds: list[str] = Field(description="Points in each round, in round order.")


class LeaderboardOut(Out):
    tournament: str
    flight: str
    flights: list[str]
    rounds_scored: int
    tiebreaks: list[str]
    rows: list[LeaderRowOut]


# People ---------------------------------------------------------------------------------------


class RecordOut(Out):
    games: int
    won: int
    lost: int
    tied: int


class RatingOut(Out):
    value: int
    games: int
    provisional: bool


class RatingHistoryOut(RatingOut):
    player_id: int
    history: list[int] = Field(description="The rating after each game, thinned to 200.")


class ProfileOut(Out):
    id: int
    name: str
    shows: list[str] = Field(description="What the person shows: results, statistics, rating.")
    record: RecordOut | None
    statistics: dict[str, float | int | None] | None
    rating: RatingOut | None


class LadderLineOut(Out):
    rank: int | None
    player_id: int
    player: str
    total: float
    events: int
    qualified: bool
    points: list[float | None] = Field(description="Points in each event (null: not played).")


class LadderOut(Out):
    series: str
    name: str
    events: list[str] = Field(description="The finished events' slugs, in date order.")
    lines: list[LadderLineOut]
