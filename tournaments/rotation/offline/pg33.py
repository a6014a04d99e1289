"""40 players, up to 13 rounds, nobody sharing a table twice: a packing of PG(3, 3).

Run ``python -m tournaments.rotation.offline.pg33`` to write
``tables/n40_r13.json`` (a few seconds).

The points of the projective space PG(3, 3) are the 40 one-dimensional subspaces
of GF(3)^4 and its lines the 130 two-dimensional ones, four points each; two
points lie on exactly one line. A *spread* is 10 lines partitioning the points (a
round of 10 tables); a *packing* is 13 spreads partitioning the lines (Denniston
1972), so any two players share a table in exactly one of its 13 rounds. Spreads
are found by an exact-cover search over the points, the packing by an exact-cover
search over the lines (always branching on the line in the fewest spreads still
possible). Each line {a, b, c, d} becomes the table a, b v c, d; the lines are
distinct, so partnerships never repeat either.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "tables"
Q = 3


def points() -> list[tuple[int, ...]]:
    """Vectors of GF(3)^4 whose first non-zero coordinate is 1: one per point."""
    found = []
    for v in itertools.product(range(Q), repeat=4):
        nonzero = [x for x in v if x]
        if nonzero and nonzero[0] == 1:
            found.append(v)
    return found


def _normal(v: tuple[int, ...]) -> tuple[int, ...]:
    lead = next(x for x in v if x)
    inverse = pow(lead, -1, Q)
    return tuple(x * inverse % Q for x in v)


def lines(pts: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Each line as the sorted indices of its four points."""
    index = {p: i for i, p in enumerate(pts)}
    found = set()
    for u, v in itertools.combinations(pts, 2):
        span = {
            _normal(tuple((a * x + b * y) % Q for x, y in zip(u, v, strict=True)))
            for a in range(Q)
            for b in range(Q)
            if a or b
        }
        found.add(tuple(sorted(index[p] for p in span)))
    return sorted(found)


def spreads(n_points: int, all_lines: list[tuple[int, ...]]) -> list[int]:
    """Every spread, as a bit mask over the line indices."""
    through = [[k for k, line in enumerate(all_lines) if p in line] for p in range(n_points)]
    masks = [sum(1 << p for p in line) for line in all_lines]
    full = (1 << n_points) - 1
    found: list[int] = []

    def extend(covered: int, chosen: int) -> None:
        if covered == full:
            found.append(chosen)
            return
        p = (~covered & (covered + 1)).bit_length() - 1  # lowest uncovered point
        for k in through[p]:
            if not masks[k] & covered:
                extend(covered | masks[k], chosen | 1 << k)

    extend(0, 0)
    return found


def packing(n_lines: int, all_spreads: list[int]) -> list[int] | None:
    """Spreads partitioning the lines (an exact cover of the lines), or None."""
    containing = [[s for s in all_spreads if s >> k & 1] for k in range(n_lines)]
    full = (1 << n_lines) - 1

    def search(covered: int) -> list[int] | None:
        if covered == full:
            return []
        best = None
        for k in range(n_lines):
            if covered >> k & 1:
                continue
            options = [s for s in containing[k] if not s & covered]
            if best is None or len(options) < len(best):
                best = options
                if len(best) <= 1:
                    break
        for s in best:
            rest = search(covered | s)
            if rest is not None:
                return [s, *rest]
        return None

    return search(0)


def rounds_seats() -> list[list[list[int]]]:
    pts = points()
    all_lines = lines(pts)
    found = packing(len(all_lines), spreads(len(pts), all_lines))
    if found is None:
        raise RuntimeError("no packing of PG(3, 3) found")
    return [[list(all_lines[k]) for k in range(len(all_lines)) if s >> k & 1] for s in found]


def dump(table: dict) -> str:
    """The table as JSON with one round a line, to read and review."""
    head = {k: v for k, v in table.items() if k != "rounds_seats"}
    text = json.dumps(head, indent=1)[:-2]
    rounds = ",\n  ".join(json.dumps(r) for r in table["rounds_seats"])
    return f'{text},\n "rounds_seats": [\n  {rounds}\n ]\n}}\n'


def write_table(players: int, seats: list, source: str) -> None:
    """Store a table in which nobody shares a table twice as tables/n{players}_r{rounds}.json."""
    table = {
        "players": players,
        "rounds": len(seats),
        "source": source,
        "claims": {"max_table_meetings": 1},
        "rounds_seats": seats,
    }
    path = TABLES / f"n{players}_r{len(seats)}.json"
    path.write_text(dump(table))
    print(f"wrote {path}: {len(seats)} rounds")


def main() -> int:
    write_table(40, rounds_seats(), "a packing of PG(3, 3): tournaments/rotation/offline/pg33.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
