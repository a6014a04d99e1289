"""32 players, 10 rounds, nobody sharing a table twice (the social golfer problem 8-4-10).

Run ``python -m tournaments.rotation.offline.golfer32`` to write
``tables/n32_r10.json`` (a second or two).

Each player meets 3 others a round, so in 10 rounds 30 of the 31 others: the
pairs who never meet pair everyone off. Call each such pair a *couple*, players
2c and 2c + 1 of couple c. The construction:

1. Two affine planes of order 4 on the 16 couples: AG(2, 4) and a relabelled copy
   (``designs._affine_plane_classes``). Each has 5 parallel classes of 4 lines;
   the 10 classes are the 10 rounds. Any two couples lie on exactly one line of
   each plane.
2. A line {A, B, C, D} of a round becomes two tables: one member of each couple
   at the first (the line's *orientation* f picks which: 2A + f(A), ...), the
   other members at the second. Everyone plays once a round.
3. Players of couples A and B share a table on A and B's line of the first plane
   when their members differ by f(A) + f(B) (mod 2), and on their line of the
   second plane when they differ by g(A) + g(B). So each such pair meets exactly
   once if f(A) + f(B) + g(A) + g(B) = 1 for every two couples: 120 linear
   equations over GF(2) in the 160 orientation bits, solved by elimination.
4. The equations can only hold when no three couples are collinear in both
   planes (on a common line the three sums cancel), so the relabelling is first
   chosen by a seeded hill climb that leaves no collinear triple in common; the
   system is then tried, and another relabelling drawn when it has no solution.

The lines are distinct tables of four players who never meet again, so any
split of a table into two partnerships keeps partners and opponents unique.
"""

from __future__ import annotations

import itertools
import random
import sys

from tournaments.rotation.designs import _affine_plane_classes
from tournaments.rotation.offline.pg33 import write_table

COUPLES = 16

Line = tuple[int, ...]


def _common_triples(first: list[Line], relabel: list[int], triples: set) -> int:
    count = 0
    for line in first:
        moved = sorted(relabel[x] for x in line)
        count += sum(t in triples for t in itertools.combinations(moved, 3))
    return count


def relabelling(first: list[Line], rng: random.Random) -> list[int]:
    """A relabelling of the couples after which no three couples on a line of
    ``first`` are again on one line (hill climbing over swaps, restarted)."""
    triples = {t for line in first for t in itertools.combinations(sorted(line), 3)}
    while True:
        relabel = list(range(COUPLES))
        rng.shuffle(relabel)
        cost = _common_triples(first, relabel, triples)
        for _ in range(3_000):
            if cost == 0:
                return relabel
            i, j = rng.sample(range(COUPLES), 2)
            relabel[i], relabel[j] = relabel[j], relabel[i]
            new = _common_triples(first, relabel, triples)
            if new <= cost or rng.random() < 0.05:
                cost = new
            else:
                relabel[i], relabel[j] = relabel[j], relabel[i]


def orientations(planes: list[list[Line]]) -> dict[tuple[int, int], int] | None:
    """Bits f[(line index, couple)] with f(A) + f(B) + g(A) + g(B) = 1 for every two
    couples (f on their line of the first plane, g of the second), or None."""
    lines = [line for plane in planes for line in plane]
    bit = {
        (k, c): i for i, (k, c) in enumerate((k, c) for k, line in enumerate(lines) for c in line)
    }
    line_of = [{}, {}]
    for k, line in enumerate(lines):
        for a, b in itertools.combinations(sorted(line), 2):
            line_of[k >= len(planes[0])][a, b] = k
    pivots: dict[int, tuple[int, int]] = {}  # leading bit -> (equation mask, right side)
    for a, b in itertools.combinations(range(COUPLES), 2):
        k1, k2 = line_of[0][a, b], line_of[1][a, b]
        mask = 0
        for key in ((k1, a), (k1, b), (k2, a), (k2, b)):
            mask ^= 1 << bit[key]
        rhs = 1
        while mask:
            lead = mask.bit_length() - 1
            if lead not in pivots:
                pivots[lead] = (mask, rhs)
                break
            mask ^= pivots[lead][0]
            rhs ^= pivots[lead][1]
        if not mask and rhs:
            return None  # inconsistent
    value: dict[int, int] = {}
    for lead in sorted(pivots):  # every other bit of an equation is lower: known by now
        mask, rhs = pivots[lead]
        rest = mask ^ (1 << lead)
        value[lead] = rhs ^ (sum(value.get(i, 0) for i in range(lead) if rest >> i & 1) & 1)
    return {key: value.get(i, 0) for key, i in bit.items()}


def rounds_seats(seed: int = 0) -> list[list[list[int]]]:
    rng = random.Random(seed)
    classes = [[tuple(sorted(line)) for line in cls] for cls in _affine_plane_classes()]
    first = [line for cls in classes for line in cls]
    while True:
        relabel = relabelling(first, rng)
        second_classes = [
            [tuple(sorted(relabel[x] for x in line)) for line in cls] for cls in classes
        ]
        second = [line for cls in second_classes for line in cls]
        bits = orientations([first, second])
        if bits is not None:
            break
    rounds = []
    for k, cls in enumerate(classes + second_classes):
        offset = 0 if k < len(classes) else len(first)
        plane = first if k < len(classes) else second
        tables = []
        for line in cls:
            f = {c: bits[offset + plane.index(line), c] for c in line}
            tables.append([2 * c + f[c] for c in line])
            tables.append([2 * c + 1 - f[c] for c in line])
        rounds.append(tables)
    return rounds


def check(rounds: list[list[list[int]]]) -> None:
    met: set[tuple[int, int]] = set()
    for tables in rounds:
        if sorted(x for table in tables for x in table) != list(range(2 * COUPLES)):
            raise AssertionError("a round does not seat everyone once")
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                if pair in met:
                    raise AssertionError(f"{pair} share a table twice")
                met.add(pair)


def main() -> int:
    seats = rounds_seats()
    check(seats)
    source = "two affine planes of order 4 lifted: tournaments/rotation/offline/golfer32.py"
    write_table(2 * COUPLES, seats, source)
    return 0


if __name__ == "__main__":
    sys.exit(main())
