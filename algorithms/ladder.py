"""Season ladders: points by finishing place over a series of events, a player's best N count.

Each event is ``{player: place}``; tied players share a place number (1, 2, 2, 4). Place p
earns ``points[p - 1]`` (nothing beyond the table); k players tied at place p each earn the
mean of the points of places p … p+k-1, so a tie neither creates nor loses points. A player's
total is the sum of their best ``best_of`` events (every event when None). Arithmetic is
exact (Fraction): a three-way tie of 1/3s is never rounded into or out of a tie.

Players who played at least ``min_events`` events qualify and are ranked first: by total,
then by more first places, then more second places and so on; players equal on all of that
share a rank (1, 2, 2, 4). The others follow, unranked, in the same order.

Example: places 1, 2, 2, 4 with points 10/8/6/5 give 10, 7, 7 and 5.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from numbers import Real

type Player = Hashable


class LadderError(ValueError):
    """Input the ladder can't be built from; the message says what is wrong."""


@dataclass(frozen=True)
class LadderRow:
    player: Player
    total: Fraction
    events: int  # events played
    rank: int | None  # None: not qualified (fewer than min_events events)
    qualified: bool
    # (event index, place, points) for each event played, in event order.
    results: tuple[tuple[int, int, Fraction], ...] = ()
    # The event indexes whose points make up the total (the best `best_of`).
    counted: frozenset[int] = frozenset()

    @property
    def player_id(self) -> Player:
        return self.player

    @property
    def places(self) -> tuple[int, ...]:
        return tuple(place for _, place, _ in self.results)


def _check_points(points: Sequence[object]) -> list[Fraction]:
    table = []
    for index, value in enumerate(points, start=1):
        if isinstance(value, bool) or not isinstance(value, Real):
            raise LadderError(f"The points for place {index} must be a number, not {value!r}.")
        if not math.isfinite(value):
            raise LadderError(f"The points for place {index} must be a finite number.")
        if value < 0:
            raise LadderError(f"Points can't be negative (place {index} has {value}).")
        table.append(Fraction(value))
    return table


def _check_place(player: Player, place: object, event: int) -> int:
    if isinstance(place, bool) or not isinstance(place, int):
        raise LadderError(
            f"Event {event + 1}: the place of {player!r} must be a whole number, not {place!r}."
        )
    if place < 1:
        raise LadderError(f"Event {event + 1}: the place of {player!r} must be 1 or more.")
    return place


def event_points(places: Mapping[Player, int], table: Sequence[Fraction]) -> dict[Player, Fraction]:
    """Each player's points in one event, ties sharing the points of the places they cover."""
    tied: dict[int, int] = {}
    for place in places.values():
        tied[place] = tied.get(place, 0) + 1
    share: dict[int, Fraction] = {}
    for place, count in tied.items():
        covered = [
            table[p - 1] if p <= len(table) else Fraction(0) for p in range(place, place + count)
        ]
        share[place] = sum(covered, Fraction(0)) / count
    return {player: share[place] for player, place in places.items()}


def _check_counts(best_of: object, min_events: object) -> None:
    if best_of is not None and (isinstance(best_of, bool) or not isinstance(best_of, int)):
        raise LadderError(f"Best of must be a whole number or empty, not {best_of!r}.")
    if best_of is not None and best_of < 1:
        raise LadderError("Best of must be at least 1 (or empty: every event counts).")
    if isinstance(min_events, bool) or not isinstance(min_events, int):
        raise LadderError(
            f"The minimum number of events must be a whole number, not {min_events!r}."
        )
    if min_events < 0:
        raise LadderError("The minimum number of events can't be negative.")


def ladder_standings(
    events: Sequence[Mapping[Player, int]],
    points: Sequence[int | Fraction],
    best_of: int | None,
    min_events: int,
) -> list[LadderRow]:
    """The ladder after these events (in the order played), qualified players first."""
    if isinstance(events, Mapping | str | bytes):
        raise LadderError("Events must be a sequence of {player: place} mappings.")
    events = list(events)
    if len(events) == 0:
        raise LadderError("A ladder needs at least one event.")
    table = _check_points(points)
    _check_counts(best_of, min_events)

    results: dict[Player, list[tuple[int, int, Fraction]]] = {}
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise LadderError(f"Event {index + 1} must map each player to their place.")
        places = {player: _check_place(player, place, index) for player, place in event.items()}
        for player, earned in event_points(places, table).items():
            results.setdefault(player, []).append((index, places[player], earned))

    deepest = max((place for rows in results.values() for _, place, _ in rows), default=0)
    rows: list[tuple[tuple, LadderRow]] = []
    for player, played in results.items():
        # Best events first; equal points: the earlier event counts (a stable choice).
        best = sorted(played, key=lambda r: (-r[2], r[0]))
        chosen = best if best_of is None else best[:best_of]
        total = sum((r[2] for r in chosen), Fraction(0))
        counts = [0] * deepest
        for _, place, _ in played:
            counts[place - 1] += 1
        key = (-total, *(-c for c in counts))
        row = LadderRow(
            player=player,
            total=total,
            events=len(played),
            rank=None,
            qualified=len(played) >= min_events,
            results=tuple(played),
            counted=frozenset(r[0] for r in chosen),
        )
        rows.append((key, row))

    def order(item: tuple[tuple, LadderRow]) -> tuple:
        key, row = item
        return (not row.qualified, key, row.player)

    ordered = sorted(rows, key=order)
    out: list[LadderRow] = []
    previous: tuple | None = None
    rank = 0
    for position, (key, row) in enumerate(ordered, start=1):
        if not row.qualified:
            out.append(row)
            continue
        if key != previous:
            rank = position
        previous = key
        out.append(replace(row, rank=rank))
    return out
