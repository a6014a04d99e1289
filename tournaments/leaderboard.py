"""Individual leaderboard for progressive events: totals, tiebreaks, shared places.

Pure Python: the selector feeds one `GameLine` per player per confirmed game; the tournament's
tiebreak order (a list of metric keys) decides between equal totals. Players still equal on
every metric share a place, so prizes for those places are combined and split.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from algorithms.metrics import Direction, Metric, registry

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
    points: int = 0
    rounds_played: int = 0
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
    players: Iterable[int], lines: Iterable[GameLine], tiebreaks: Sequence[str]
) -> list[Standing]:
    """Standings best first; every player listed, even with no confirmed game yet."""
    problems = validate_tiebreaks(tiebreaks)
    if problems:
        raise ValueError(" ".join(problems))
    table: dict[int, Standing] = {player: Standing(player=player) for player in players}
    for line in lines:
        standing = table.setdefault(line.player, Standing(player=line.player))
        standing.points += line.points
        standing.rounds_played += 1
        standing.games_won += int(line.won)
        standing.lone_hands_made += line.lone_hands_made
        standing.best_round = max(standing.best_round, line.points)
        standing.round_points[line.round] = line.points

    order = [BY_KEY[name] for name in tiebreaks]

    def key(standing: Standing) -> tuple[int, ...]:
        # Larger is better throughout: a lower-is-better tiebreak counts negated.
        return (
            standing.points,
            *(
                standing.metric(m.key) if m.higher_is_better else -standing.metric(m.key)
                for m in order
            ),
        )

    ordered = sorted(table.values(), key=lambda s: (tuple(-v for v in key(s)), s.player))
    previous: tuple[int, ...] | None = None
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
