"""Individual leaderboard for progressive events: totals, tiebreaks, shared places.

Pure Python: the selector feeds one `GameLine` per player per confirmed game, and the rounds
each player sat out; the tournament's sit-out policy (`SitOutPolicy`) says what a round sat
out scores, and its tiebreak order (a list of metric keys) decides between equal totals.
Players still equal on every metric share a place, so prizes for those places are combined
and split.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from algorithms.metrics import Direction, Metric, registry

# What a round sat out scores (the values of Tournament.SitOutScoring).
NOTHING, AVERAGE, FIXED = "nothing", "average", "fixed"
TENTH = Decimal("0.1")
type Points = int | Decimal  # whole points, or a tenth where an average is credited


def tidy(value: Decimal) -> Points:
    """A whole number as an int (shown '30', not '30.0'), else the Decimal to a tenth."""
    return int(value) if value == value.to_integral_value() else value.quantize(TENTH)


@dataclass(frozen=True)
class SitOutPolicy:
    """What a player scores for each round they sit out."""

    kind: str = NOTHING
    fixed_points: int = 0

    def __post_init__(self) -> None:
        if self.kind not in (NOTHING, AVERAGE, FIXED):
            raise ValueError(f"unknown sit-out policy {self.kind!r}")
        if self.fixed_points < 0:
            raise ValueError("fixed sit-out points can't be negative")

    def per_round(self, game_points: int, rounds_played: int) -> Points:
        """One round sat out, for a player with `game_points` over `rounds_played` rounds."""
        if self.kind == FIXED:
            return self.fixed_points
        if self.kind == AVERAGE and rounds_played:
            average = Decimal(game_points) / rounds_played
            return tidy(average.quantize(TENTH, rounding=ROUND_HALF_UP))
        return 0

    def explain(self) -> str:
        """The rule in one line, for the leaderboard page."""
        if self.kind == AVERAGE:
            return (
                "A player who sits out a round scores their average per round played for it "
                "(to a tenth of a point)."
            )
        if self.kind == FIXED:
            points = f"{self.fixed_points} point{'s' if self.fixed_points != 1 else ''}"
            return f"A player who sits out a round scores {points} for it."
        return "A player who sits out a round scores nothing for it."


# The tiebreaks a director may order, in the order a setup form offers them (each the name
# of a `Standing` attribute).
TIEBREAKS: tuple[Metric, ...] = (
    Metric("games_won", "games won", "GW", Direction.HIGHER, "games the player's side won"),
    Metric(
        "lone_hands_made",
        "lone hands made",
        "LH",
        Direction.HIGHER,
        "lone hands the player made (played alone and took at least three tricks)",
    ),
    Metric(
        "best_round",
        "best round",
        "Best",
        Direction.HIGHER,
        "the player's highest score in one round",
    ),
)
BY_KEY: dict[str, Metric] = registry(TIEBREAKS)
# Metric key -> label as a heading or a choice ("Games won").
METRICS: dict[str, str] = {metric.key: metric.title for metric in TIEBREAKS}


@dataclass(frozen=True)
class GameLine:
    """One player's result in one confirmed game (a progressive round)."""

    player: int
    round: int
    points: int
    won: bool
    lone_hands_made: int = 0


@dataclass
class Standing:
    player: int
    points: Points = 0  # what ranks: game points plus the credit for rounds sat out
    game_points: int = 0
    rounds_played: int = 0
    sat_out: list[int] = field(default_factory=list)  # round numbers
    sit_out_each: Points = 0  # the credit for one round sat out
    sit_out_points: Points = 0
    games_won: int = 0
    lone_hands_made: int = 0
    best_round: int = 0
    place: int = 0
    tied: bool = False
    round_points: dict[int, int] = field(default_factory=dict)

    def metric(self, key: str) -> int:
        return int(getattr(self, key))


def validate_tiebreaks(keys: Sequence[str]) -> list[str]:
    """Problems with a tiebreak order, each a sentence for the director."""
    problems = [f"Unknown tiebreak {key!r}." for key in keys if key not in METRICS]
    if len(set(keys)) != len(keys):
        problems.append("Each tiebreak may appear once.")
    return problems


def rank(
    players: Iterable[int],
    lines: Iterable[GameLine],
    tiebreaks: Sequence[str],
    sat_out: Mapping[int, Iterable[int]] | None = None,
    policy: SitOutPolicy | None = None,
) -> list[Standing]:
    """Standings best first; every player listed, even with no confirmed game yet.

    `sat_out` maps a player to the rounds they sat out; `policy` says what each scores.
    """
    problems = validate_tiebreaks(tiebreaks)
    if problems:
        raise ValueError(" ".join(problems))
    policy = policy or SitOutPolicy()
    table: dict[int, Standing] = {player: Standing(player=player) for player in players}
    for line in lines:
        standing = table.setdefault(line.player, Standing(player=line.player))
        standing.game_points += line.points
        standing.rounds_played += 1
        standing.games_won += int(line.won)
        standing.lone_hands_made += line.lone_hands_made
        standing.best_round = max(standing.best_round, line.points)
        standing.round_points[line.round] = line.points
    for player, rounds in (sat_out or {}).items():
        table.setdefault(player, Standing(player=player)).sat_out = sorted(set(rounds))
    for standing in table.values():
        standing.points = standing.game_points
        if standing.sat_out:
            each = policy.per_round(standing.game_points, standing.rounds_played)
            standing.sit_out_each = each
            standing.sit_out_points = tidy(Decimal(each) * len(standing.sat_out))
            standing.points = tidy(Decimal(standing.game_points) + standing.sit_out_points)

    order = [BY_KEY[name] for name in tiebreaks]

    def key(standing: Standing) -> tuple[Points, ...]:
        # Larger is better throughout: a lower-is-better tiebreak counts negated.
        return (
            standing.points,
            *(
                standing.metric(m.key) if m.higher_is_better else -standing.metric(m.key)
                for m in order
            ),
        )

    ordered = sorted(table.values(), key=lambda s: (tuple(-v for v in key(s)), s.player))
    previous: tuple[Points, ...] | None = None
    for index, standing in enumerate(ordered):
        current = key(standing)
        if current == previous:
            standing.place = ordered[index - 1].place
            standing.tied = ordered[index - 1].tied = True
        else:
            standing.place = index + 1
        previous = current
    return ordered


def places(standings: Sequence[Standing]) -> list[int]:
    """Each standing's place, in order: the input prize splitting needs."""
    return [standing.place for standing in standings]
