"""League standings: records, strength of schedule, tiebreaks and playoff seeding.

Pure functions over plain dataclasses (no ORM); the selectors feed them game rows
and the weekly snapshot stores what they return.

Definitions used here
---------------------
* A **game** is one ``GameRecord``; its winner has the higher score, except a
  forfeited game, which the other team wins whatever the recorded score (the
  recorded scores still count towards points for and against).
* A **fixture** is all games with one ``fixture_id``. A team wins the fixture by
  winning more of its games than it loses: 2 or 3 of a three-game fixture. An
  even split (say 1-1 when a game was never played) is a tied fixture.
* ``win_pct`` is games won / games played; forfeited games count (as a loss for
  the team that forfeited). ``forfeits`` counts fixtures in which the team
  forfeited at least one game (one offence per night, as the forfeit policy counts).
* ``points`` are standings points: by default one per game won; a season can also
  award points per fixture won or tied (``StandingsConfig``).
* **Strength of schedule** (``sos``) is the RPI-style opponents' winning
  percentage; ``oowp`` is the average of the opponents' ``sos``. See
  ``SOS_EXPLANATION`` (the ``sos`` metric's explanation in ``algorithms.metrics``).
  Forfeited games are left out of both entirely: a forfeit says nothing about how
  strong either team is.

Ranking
-------
Teams are ordered by the primary metric, then by each tiebreak in turn, each in its
metric's better direction (``algorithms.metrics``; every ranking metric today is
higher-is-better). ``head_to_head`` is the games won against the other
teams of exactly the group still tied at that point. Teams equal on every metric
share a rank (competition ranking: 1, 2, 2, 4) and keep the level's team order.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from algorithms import metrics
from algorithms.metrics import SOS_EXPLANATION as SOS_EXPLANATION  # the page's text, re-exported

type TeamId = Hashable
# The keys a season may rank by, primary metric first (defined in `algorithms.metrics`).
METRICS: tuple[str, ...] = metrics.keys(metrics.RANKING)
PRIMARY_KEYS: tuple[str, ...] = metrics.keys(metrics.PRIMARY)
# A row's flag for each figure that may measure nothing yet (then shown as a dash).
MEASURED: dict[str, str] = {"sos": "sos_measured", "oowp": "oowp_measured"}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One euchre game of a fixture. ``forfeit_by`` is the team that forfeited it."""

    fixture_id: Hashable
    week: int
    team_a: TeamId
    team_b: TeamId
    score_a: int
    score_b: int
    forfeit_by: TeamId | None = None

    def sides(self) -> tuple[tuple[TeamId, TeamId], tuple[TeamId, TeamId]]:
        """(team, opponent) for each side of the game."""
        return (self.team_a, self.team_b), (self.team_b, self.team_a)

    @property
    def winner(self) -> TeamId:
        if self.forfeit_by is not None:
            return self.team_b if self.forfeit_by == self.team_a else self.team_a
        return self.team_a if self.score_a > self.score_b else self.team_b


@dataclass(frozen=True, slots=True)
class StandingsConfig:
    primary: str = metrics.DEFAULT_ORDER[0]  # one of PRIMARY_KEYS
    tiebreaks: tuple[str, ...] = metrics.DEFAULT_ORDER[1:]  # from METRICS
    points_per_game_win: int = 1
    points_per_fixture_win: int = 0
    points_per_fixture_tie: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))  # accept lists
        if self.primary not in PRIMARY_KEYS:
            choices = " or ".join(repr(key) for key in PRIMARY_KEYS)
            raise ValueError(f"primary must be {choices}, not {self.primary!r}")
        unknown = [m for m in self.tiebreaks if m not in METRICS]
        if unknown:
            raise ValueError(f"unknown tiebreak(s) {unknown}; choose from {list(METRICS)}")
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ValueError("a tiebreak is listed twice")


@dataclass(frozen=True, slots=True)
class StandingRow:
    team: TeamId
    rank: int
    fixtures_played: int
    fixtures_won: int
    fixtures_lost: int
    fixtures_tied: int
    games_won: int
    games_lost: int
    win_pct: Fraction
    points_for: int
    points_against: int
    differential: int
    forfeits: int
    sos: Fraction
    oowp: Fraction
    points: int
    # False while the figure measures nothing: no opponent of the team has played anyone
    # else yet (for OOWP: no opponent's SOS measures anything). Shown as a dash.
    sos_measured: bool = True
    oowp_measured: bool = True


def compute_standings(
    games: Iterable[GameRecord],
    team_levels: Mapping[TeamId, str],
    config: StandingsConfig | None = None,
    removed: Collection[TeamId] = (),
    through_week: int | None = None,
) -> dict[str, list[StandingRow]]:
    """Ranked rows per level (levels in first-seen order of ``team_levels``).

    ``removed`` teams (put out of the league) get no row, but their games stay in
    their opponents' records: those games were played. ``through_week`` limits
    the games to weeks up to and including it, for a weekly snapshot.
    O(games) apart from sorting each level.
    """
    config = config or StandingsConfig()
    played = [g for g in games if through_week is None or g.week <= through_week]
    for g in played:
        _validate(g, team_levels)

    won: dict[TeamId, int] = defaultdict(int)
    lost: dict[TeamId, int] = defaultdict(int)
    pts_for: dict[TeamId, int] = defaultdict(int)
    pts_against: dict[TeamId, int] = defaultdict(int)
    by_fixture: dict[Hashable, dict[TeamId, list[int]]] = {}  # fixture -> team -> [won, lost]
    forfeited_fixtures: dict[TeamId, set[Hashable]] = defaultdict(set)
    h2h: dict[tuple[TeamId, TeamId], int] = defaultdict(int)  # (winner, loser) -> games
    for g in played:
        winner = g.winner
        loser = g.team_b if winner == g.team_a else g.team_a
        won[winner] += 1
        lost[loser] += 1
        h2h[(winner, loser)] += 1
        pts_for[g.team_a] += g.score_a
        pts_against[g.team_a] += g.score_b
        pts_for[g.team_b] += g.score_b
        pts_against[g.team_b] += g.score_a
        fixture = by_fixture.setdefault(g.fixture_id, {g.team_a: [0, 0], g.team_b: [0, 0]})
        if set(fixture) != {g.team_a, g.team_b}:
            raise ValueError(f"fixture {g.fixture_id!r} has games between different teams")
        fixture[winner][0] += 1
        fixture[loser][1] += 1
        if g.forfeit_by is not None:
            forfeited_fixtures[g.forfeit_by].add(g.fixture_id)

    fixture_wins: dict[TeamId, int] = defaultdict(int)
    fixture_losses: dict[TeamId, int] = defaultdict(int)
    fixture_ties: dict[TeamId, int] = defaultdict(int)
    for fixture in by_fixture.values():
        for team, (w, lo) in fixture.items():
            if w > lo:
                fixture_wins[team] += 1
            elif w < lo:
                fixture_losses[team] += 1
            else:
                fixture_ties[team] += 1

    owp, oowp, measured = _strength(played)
    oowp_measured = _oowp_measured(played, measured)
    rows_by_level: dict[str, list[StandingRow]] = {}
    for team, level in team_levels.items():
        if team in removed:
            continue
        games_played = won[team] + lost[team]
        fw, fl, ft = fixture_wins[team], fixture_losses[team], fixture_ties[team]
        row = StandingRow(
            team=team,
            rank=0,
            fixtures_played=fw + fl + ft,
            fixtures_won=fw,
            fixtures_lost=fl,
            fixtures_tied=ft,
            games_won=won[team],
            games_lost=lost[team],
            win_pct=Fraction(won[team], games_played) if games_played else Fraction(0),
            points_for=pts_for[team],
            points_against=pts_against[team],
            differential=pts_for[team] - pts_against[team],
            forfeits=len(forfeited_fixtures[team]),
            sos=owp.get(team, Fraction(0)),
            oowp=oowp.get(team, Fraction(0)),
            sos_measured=team in measured,
            oowp_measured=team in oowp_measured,
            points=config.points_per_game_win * won[team]
            + config.points_per_fixture_win * fw
            + config.points_per_fixture_tie * ft,
        )
        rows_by_level.setdefault(level, []).append(row)
    return {level: rank_rows(rows, h2h, config) for level, rows in rows_by_level.items()}


def strength_of_schedule(
    games: Iterable[GameRecord],
) -> tuple[dict[TeamId, Fraction], dict[TeamId, Fraction]]:
    """``(owp, oowp)`` per team, RPI style, from non-forfeited games only.

    OWP(T): the mean, over each game T played, of that game's opponent's winning
    percentage in its games not against T. An opponent with no such games adds
    nothing (there is no percentage to take). OOWP(T): the mean, over the same
    games, of the opponent's OWP. Teams with no counted games get 0. O(games).
    """
    owp, oowp, _ = _strength(games)
    return owp, oowp


def measured_teams(games: Iterable[GameRecord]) -> tuple[set[TeamId], set[TeamId]]:
    """The teams whose SOS, and those whose OOWP, measure something yet (`StandingRow`'s
    `sos_measured` and `oowp_measured`): for a published week, whose stored 0 is a figure."""
    games = list(games)
    _, _, sos = _strength(games)
    return sos, _oowp_measured(games, sos)


def _oowp_measured(games: Iterable[GameRecord], sos_measured: set[TeamId]) -> set[TeamId]:
    """OOWP measures something once one of the team's (non-forfeit) opponents' OWP does."""
    return {
        team
        for g in games
        if g.forfeit_by is None
        for team, other in g.sides()
        if other in sos_measured
    }


def _strength(
    games: Iterable[GameRecord],
) -> tuple[dict[TeamId, Fraction], dict[TeamId, Fraction], set[TeamId]]:
    """``strength_of_schedule``'s figures, and the teams whose OWP measures something: at
    least one of their opponents has played someone else. (Until then the 0 stands for
    nothing: the standings show a dash, not .000.) OOWP measures something when one of
    the team's opponents' OWP does."""
    wins: dict[TeamId, int] = defaultdict(int)
    totals: dict[TeamId, int] = defaultdict(int)
    # meetings[t][o] = [games t played against o, games t won against o]
    meetings: dict[TeamId, dict[TeamId, list[int]]] = defaultdict(dict)
    for g in games:
        if g.forfeit_by is not None:
            continue
        winner = g.winner
        for team, other in ((g.team_a, g.team_b), (g.team_b, g.team_a)):
            totals[team] += 1
            record = meetings[team].setdefault(other, [0, 0])
            record[0] += 1
            if team == winner:
                wins[team] += 1
                record[1] += 1

    owp: dict[TeamId, Fraction] = {}
    measured: set[TeamId] = set()
    for team, opponents in meetings.items():
        terms, weight = [], 0
        for opponent, (count, _) in opponents.items():
            their_games, their_wins_vs_team = meetings[opponent][team]
            other_games = totals[opponent] - their_games
            if other_games:
                terms.append((count * (wins[opponent] - their_wins_vs_team), other_games))
                weight += count
        owp[team] = _mean(terms, weight)
        if weight:
            measured.add(team)

    oowp: dict[TeamId, Fraction] = {}
    for team, opponents in meetings.items():
        count_all = sum(count for count, _ in opponents.values())
        terms = [
            (count * owp[o].numerator, owp[o].denominator) for o, (count, _) in opponents.items()
        ]
        oowp[team] = _mean(terms, count_all)
    return owp, oowp, measured


def _mean(terms: Sequence[tuple[int, int]], weight: int) -> Fraction:
    """The sum of the fractions numerator/denominator in `terms`, divided by `weight`.

    Exact, like adding Fractions one by one, but over one common denominator: a gcd at the
    end rather than one per term (a 500-team season has about 20,000 terms).
    """
    if not weight:
        return Fraction(0)
    common = math.lcm(*(denominator for _, denominator in terms)) if terms else 1
    numerator = sum(n * (common // d) for n, d in terms)
    return Fraction(numerator, common * weight)


def rank_rows(
    rows: Sequence[StandingRow],
    h2h: Mapping[tuple[TeamId, TeamId], int],
    config: StandingsConfig,
) -> list[StandingRow]:
    """Order one level's rows and fill in competition ranks."""
    order = [metrics.STANDINGS[key] for key in (config.primary, *config.tiebreaks)]
    groups = _split(list(rows), order, h2h)
    ranked: list[StandingRow] = []
    for group in groups:
        rank = len(ranked) + 1
        ranked.extend(replace(row, rank=rank) for row in group)
    return ranked


def seed_playoffs(
    rows: Sequence[StandingRow],
    ineligible: Collection[TeamId] = (),
    limit: int | None = None,
) -> list[TeamId]:
    """Playoff seeds, best first: eligible teams by season rank, then SOS.

    Teams still level on both keep the standings order. ``limit`` keeps the top
    seeds only (CCA takes every eligible team: leave it None).
    """
    eligible = [(i, row) for i, row in enumerate(rows) if row.team not in ineligible]
    eligible.sort(key=lambda item: (item[1].rank, -item[1].sos, item[0]))
    seeds = [row.team for _, row in eligible]
    return seeds if limit is None else seeds[:limit]


def _split(
    group: list[StandingRow],
    order: Sequence[metrics.Metric],
    h2h: Mapping[tuple[TeamId, TeamId], int],
) -> list[list[StandingRow]]:
    # Break a tied group by the first metric, then each sub-group by the rest.
    if len(group) <= 1 or not order:
        return [group]
    metric, rest = order[0], order[1:]
    if metric is metrics.HEAD_TO_HEAD:
        members = [row.team for row in group]
        score = {row.team: sum(h2h.get((row.team, other), 0) for other in members) for row in group}
        value = {id(row): score[row.team] for row in group}
    else:
        value = {id(row): getattr(row, metric.key) for row in group}
    buckets: dict[object, list[StandingRow]] = {}
    for row in group:  # dicts keep first-seen order, so equal rows keep their order
        buckets.setdefault(value[id(row)], []).append(row)
    ordered = sorted(buckets.items(), key=lambda item: item[0], reverse=metric.higher_is_better)
    return [sub for _, bucket in ordered for sub in _split(bucket, rest, h2h)]


def _validate(game: GameRecord, team_levels: Mapping[TeamId, str]) -> None:
    if game.team_a == game.team_b:
        raise ValueError(f"fixture {game.fixture_id!r}: a team cannot play itself")
    for team in (game.team_a, game.team_b):
        if team not in team_levels:
            raise ValueError(f"fixture {game.fixture_id!r}: team {team!r} has no level")
    if game.forfeit_by is not None and game.forfeit_by not in (game.team_a, game.team_b):
        raise ValueError(f"fixture {game.fixture_id!r}: forfeit by a team not in the game")
    if game.forfeit_by is None and game.score_a == game.score_b:
        raise ValueError(
            f"fixture {game.fixture_id!r}: a game needs a winner "
            f"({game.score_a}-{game.score_b}); enter the deciding hand's result"
        )
    if game.score_a < 0 or game.score_b < 0:
        raise ValueError(f"fixture {game.fixture_id!r}: scores cannot be negative")
