"""Stored tables: rotations computed once offline and kept as data in the package.

Some fields have far better rotations than a one-second search finds (32 and 40
players, ten rounds, nobody sharing a table twice), so the offline generators in
``offline/`` compute them once and write ``tables/n{N}_r{R}.json``::

    {"players": N, "rounds": R, "rounds_seats": [[[a, b, c, d], ...], ...],
     "claims": {...}}

Players are 0..N-1 and each table is ``[north, south, east, west]``: a, b
partners against c, d. ``claims`` (optional) says what the table promises; the
test suite checks every file from scratch against it (``CLAIMS``). A table
seats everyone every round, so only fields of a multiple of four have one.

``stored_rounds`` gives, for a fresh rotation of N players and R' rounds, the
R' rounds of a stored table for N players with at least R' rounds; ``plans``
weighs it against the designs like any other start, and relabels its players
at random, so two events never get the same rotation.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path

from tournaments.rotation import extend
from tournaments.rotation.designs import Design

TABLES = Path(__file__).resolve().parent / "tables"
_NAME = re.compile(r"n(\d+)_r(\d+)\.json")

# What a stored table may claim; each claim is checked by the test suite.
CLAIMS = {
    "max_table_meetings": "no pair shares a table more than this many times",
    "max_opposed": "no pair are opponents more than this many times",
    "partners_unique": "no pair are partners twice (when true; false claims nothing)",
    "pairs_opposed_twice_at_most": "at most this many pairs are opponents twice or more",
    "pairs_met_twice_at_most": "at most this many pairs share a table twice or more",
}


def table_files() -> list[Path]:
    """Every stored table file, by players then rounds."""
    found = []
    for path in TABLES.glob("n*_r*.json"):
        match = _NAME.fullmatch(path.name)
        if match:
            found.append((int(match[1]), int(match[2]), path))
    return [path for *_, path in sorted(found)]


@cache
def _load(path: Path) -> tuple[tuple[tuple[int, int, int, int], ...], ...] | None:
    """The rounds of a table file, or None when the file does not hold what its
    name says (a table must never break a rotation: a bad file is passed over)."""
    try:
        data = json.loads(path.read_text())
        n, count = int(data["players"]), int(data["rounds"])
        rounds = tuple(tuple(tuple(int(x) for x in t) for t in rnd) for rnd in data["rounds_seats"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    match = _NAME.fullmatch(path.name)
    if not match or (int(match[1]), int(match[2])) != (n, count) or len(rounds) != count:
        return None
    everyone = list(range(n))
    for rnd in rounds:
        if any(len(t) != 4 for t in rnd) or sorted(x for t in rnd for x in t) != everyone:
            return None
    return rounds


def stored_rounds(n: int, rounds: int, rng: random.Random) -> Design | None:
    """``rounds`` rounds over points 0..n-1 from the stored table for ``n`` players
    with the fewest rounds at least ``rounds`` (the rounds whose union repeats least
    when there are more), or None when no table fits. Not relabelled."""
    for path in table_files():
        match = _NAME.fullmatch(path.name)
        if int(match[1]) != n or int(match[2]) < rounds:
            continue
        table = _load(path)
        if table is None:
            continue
        design = [list(rnd) for rnd in table]
        return [design[r] for r in extend.choose_rounds(design, rounds, n, rng)]
    return None
