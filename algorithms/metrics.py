"""Standings metrics as small objects: each figure a table shows or ranks by, defined once.

A `Metric` names one figure: its ``key`` (the standings row's attribute, the CSV column, the
value a season stores in its standings order, the snapshot column), a ``label`` that reads in
a sentence ("Ranked by winning percentage, then ..."), the ``abbreviation`` a column header
shows, which ``direction`` is better, and an ``explanation`` for the page. Table headers, CSV
headers, the tiebreak setting's choices, the ranking sentence and the strength-of-schedule
explanation all read from here; tournaments' leaderboard tiebreaks use the same type.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Direction(StrEnum):
    HIGHER = "higher"  # more is better: ranked from the highest value down
    LOWER = "lower"  # less is better
    NEUTRAL = "neutral"  # a count that says nothing good or bad alone; never ranked by


@dataclass(frozen=True, slots=True)
class Metric:
    key: str
    label: str  # lower case, as it reads mid-sentence; `title` for a heading or a choice
    abbreviation: str
    direction: Direction
    explanation: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "direction", Direction(self.direction))  # accept "higher"
        if not self.key.isidentifier():
            raise ValueError(f"a metric key is a Python name, not {self.key!r}")
        if not (self.label and self.abbreviation and self.explanation):
            raise ValueError(f"metric {self.key!r} needs a label, an abbreviation and a text")

    @property
    def title(self) -> str:
        return self.label[:1].upper() + self.label[1:]

    @property
    def higher_is_better(self) -> bool:
        return self.direction is Direction.HIGHER


def registry(metrics: Iterable[Metric]) -> dict[str, Metric]:
    """Metrics by key, in the given order; a key used twice is a mistake."""
    by_key: dict[str, Metric] = {}
    for metric in metrics:
        if metric.key in by_key:
            raise ValueError(f"metric {metric.key!r} is defined twice")
        by_key[metric.key] = metric
    return by_key


def keys(metrics: Iterable[Metric]) -> tuple[str, ...]:
    return tuple(metric.key for metric in metrics)


# League standings ---------------------------------------------------------------------------

_SOS = (
    "Strength of schedule (SOS) measures how good a team's opponents were. For every "
    "game a team played, we take that game's opponent and look at the opponent's "
    "winning percentage in all its other games, leaving out the games against this "
    "team (so beating or losing to them does not count twice). SOS is the average "
    "of those percentages: 0.600 means the opponents won 60% of their other games. "
    "Until one of a team's opponents has played someone else there is nothing to "
    "measure, and its SOS shows a dash (—), not .000."
)
_OOWP = (
    "OOWP is the same average taken over the opponents' own SOS: the strength of "
    "the opponents' opponents."
)
# Beside a dash in the SOS or OOWP column (its tooltip, and the note under the table).
NOT_MEASURED = "Nothing to measure yet: none of the team's opponents has played anyone else."
_NO_FORFEITS = "because a forfeit says nothing about how well anyone plays."

H, L, N = Direction.HIGHER, Direction.LOWER, Direction.NEUTRAL
FIXTURES_PLAYED = Metric("fixtures_played", "fixtures played", "FP", N, "fixtures (nights) played")
FIXTURES_WON = Metric(
    "fixtures_won", "fixtures won", "FW", H, "fixtures (nights) won (more games won than lost)"
)
FIXTURES_LOST = Metric("fixtures_lost", "fixtures lost", "FL", L, "fixtures (nights) lost")
FIXTURES_TIED = Metric(
    "fixtures_tied", "fixtures tied", "FT", N, "fixtures (nights) tied (games split evenly)"
)
GAMES_WON = Metric("games_won", "games won", "GW", H, "games won, forfeits included")
GAMES_LOST = Metric("games_lost", "games lost", "GL", L, "games lost, forfeits included")
WIN_PCT = Metric("win_pct", "winning percentage", "Win %", H, "games won ÷ games played")
POINTS = Metric(
    "points", "standings points", "Pts", H, "standings points, by default one per game won"
)
POINTS_FOR = Metric("points_for", "points for", "PF", H, "points scored")
POINTS_AGAINST = Metric("points_against", "points against", "PA", L, "points conceded")
DIFFERENTIAL = Metric(
    "differential", "point differential", "Diff", H, "points for minus points against"
)
FORFEITS = Metric("forfeits", "forfeits", "Forf", L, "nights on which the team forfeited games")
SOS = Metric(
    "sos",
    "strength of schedule (SOS)",
    "SOS",
    H,
    f"{_SOS} {_OOWP} Forfeited games are left out of both, {_NO_FORFEITS}",
)
OOWP = Metric(
    "oowp",
    "opponents' opponents' winning percentage (OOWP)",
    "OOWP",
    H,
    f"{_OOWP} Forfeited games are left out, {_NO_FORFEITS}",
)
HEAD_TO_HEAD = Metric(
    "head_to_head",
    "head-to-head games won among the tied teams",
    "H2H",
    H,
    "games won against the other teams still tied at that point",
)
del H, L, N

# Every figure of a standings row (and snapshot row), in the CSV's column order.
ROW: tuple[Metric, ...] = (
    FIXTURES_PLAYED,
    FIXTURES_WON,
    FIXTURES_LOST,
    FIXTURES_TIED,
    GAMES_WON,
    GAMES_LOST,
    WIN_PCT,
    POINTS,
    POINTS_FOR,
    POINTS_AGAINST,
    DIFFERENTIAL,
    FORFEITS,
    SOS,
    OOWP,
)
# What a season ranks by: its standings order starts with a primary metric, then tiebreaks
# from RANKING (in the order the setting lists them).
PRIMARY: tuple[Metric, ...] = (WIN_PCT, POINTS)
RANKING: tuple[Metric, ...] = (WIN_PCT, POINTS, HEAD_TO_HEAD, SOS, OOWP, DIFFERENTIAL, POINTS_FOR)
DEFAULT_ORDER: tuple[str, ...] = keys((WIN_PCT, HEAD_TO_HEAD, SOS, DIFFERENTIAL))
STANDINGS: Mapping[str, Metric] = registry((*ROW, HEAD_TO_HEAD))

SOS_EXPLANATION = SOS.explanation


def order_description(order: Iterable[str]) -> str:
    """A standings order in words: "Ranked by winning percentage, then ..." (unknown keys as is)."""
    names = [STANDINGS[key].label if key in STANDINGS else key for key in order]
    if not names:
        return ""
    return f"Ranked by {names[0]}" + "".join(f", then {name}" for name in names[1:])
