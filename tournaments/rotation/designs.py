"""Whist tournament designs (and the affine plane of order 4).

A whist tournament Wh(N) seats N players so that every pair partner exactly once
and oppose exactly twice (N = 4n: 4n-1 rounds; N = 4n+1: 4n+1 rounds, one player
out per round). A *Z-cyclic* design is stored as its initial round; round r adds
r to every point (mod N-1 with a fixed point "infinity" for N = 4n, mod N for
N = 4n+1). Points are ints; a table is ``(ns1, ns2, ew1, ew2)``.

Sources: the initial rounds of Wh(8) and Wh(12) are those of the project notes;
the others were found by a backtracking search and are all verified by the test
suite (``is_whist``). Wh(p) for a prime p = 4t+1 is built directly: with a
primitive root w and c = w^t (so c^2 = -1), the tables
``(w^i, -w^i | c w^i, -c w^i)`` for i < t form an initial round (partner
differences 2 w^j cover Z_p* once; opponent differences (1 -+ c) w^j twice).
Wh(9) has no Z9 solution and is stored over Z3 x Z3.

``affine_rounds`` gives 16 players two affine planes AG(2, 4): five rounds each
in which every pair meets exactly once. Using, ordering and extending designs is
``extend``'s job.
"""

from __future__ import annotations

import random

Table4 = tuple[int, int, int, int]
Design = list[list[Table4]]

INF = -1  # the fixed point of a Z-cyclic Wh(4n), stored as "i"

# N -> initial round over Z_{N-1} + {inf} (N = 4n) or Z_N (N = 4n+1).
_CYCLIC = {
    8: "4 6 5 2; 0 1 i 3",
    12: "0 2 6 10; 1 7 9 i; 8 5 4 3",
    16: "i 13 4 0; 1 7 6 5; 2 9 10 12; 3 8 11 14",
    20: "i 15 8 6; 0 12 16 11; 1 2 14 17; 3 7 13 5; 4 10 9 18",
    21: "1 13 7 20; 2 9 18 19; 3 6 11 17; 4 8 5 16; 10 15 12 14",
    24: "i 13 9 21; 0 15 20 17; 1 22 10 6; 2 19 18 8; 3 12 16 11; 4 5 14 7",
    25: "1 16 17 4; 2 5 7 8; 3 10 24 18; 6 15 22 11; 9 13 21 23; 12 20 14 19",
    28: "i 4 10 24; 0 16 5 23; 1 25 2 14; 3 22 20 21; 6 8 18 11; 7 13 15 19; 9 26 12 17",
    32: "i 1 9 26; 0 8 28 29; 2 27 12 3; 4 23 5 18; 6 16 25 22; 7 11 24 19; 10 21 14 30; "
    "13 20 15 17",
    33: "1 16 14 17; 2 7 24 31; 3 15 12 4; 5 32 11 25; 6 22 29 20; 8 30 26 27; 9 13 21 19; "
    "10 23 18 28",
}

# Wh(9) over Z3 x Z3, the point (a, b) written 3a + b.
_WH9 = "1 2 3 6; 4 8 5 7"


def _parse(text: str) -> list[Table4]:
    tables = []
    for chunk in text.split(";"):
        tables.append(tuple(INF if x == "i" else int(x) for x in chunk.split()))
    return tables


def _is_prime(p: int) -> bool:
    return p >= 2 and all(p % d for d in range(2, int(p**0.5) + 1))


def _prime_initial_round(p: int) -> list[Table4]:
    t = (p - 1) // 4
    factors = [q for q in range(2, p) if (p - 1) % q == 0 and _is_prime(q)]
    w = next(g for g in range(2, p) if all(pow(g, (p - 1) // q, p) != 1 for q in factors))
    c = pow(w, t, p)
    tables = []
    for i in range(t):
        x = pow(w, i, p)
        tables.append((x, p - x, c * x % p, p - c * x % p))
    return tables


def _develop_cyclic(initial: list[Table4], n: int) -> Design:
    """All rounds of a Z-cyclic design; infinity becomes point n-1 when n = 4n'."""
    v = n - 1 if n % 4 == 0 else n
    inf = n - 1
    return [
        [tuple(inf if x == INF else (x + r) % v for x in table) for table in initial]
        for r in range(v)
    ]


def _develop_z3z3(initial: list[Table4]) -> Design:
    def add(x: int, g: int) -> int:
        return (x // 3 + g // 3) % 3 * 3 + (x % 3 + g % 3) % 3

    return [[tuple(add(x, g) for x in table) for table in initial] for g in range(9)]


def whist_rounds(n: int) -> Design | None:
    """Every round of a known Wh(n) over points 0..n-1, or None when none is known."""
    if n == 9:
        return _develop_z3z3(_parse(_WH9))
    if n in _CYCLIC:
        return _develop_cyclic(_parse(_CYCLIC[n]), n)
    if n % 4 == 1 and _is_prime(n):
        return _develop_cyclic(_prime_initial_round(n), n)
    return None


def is_whist(rounds: Design, n: int) -> bool:
    """Check a complete Wh(n): rounds seat distinct points of 0..n-1 (all of them for
    n = 4k, all but one for n = 4k+1, each sitting out once), every pair partners
    exactly once and opposes exactly twice."""
    if n % 4 not in (0, 1) or len(rounds) != (n - 1 if n % 4 == 0 else n):
        return False
    partner: dict[tuple[int, int], int] = {}
    opponent: dict[tuple[int, int], int] = {}
    sat_out = []
    for rnd in rounds:
        points = [x for table in rnd for x in table]
        if len(set(points)) != len(points) or not all(0 <= x < n for x in points):
            return False
        if len(points) != n - n % 4:
            return False
        sat_out.extend(sorted(set(range(n)) - set(points)))
        for a, b, c, d in rnd:
            for x, y in ((a, b), (c, d)):
                key = (min(x, y), max(x, y))
                partner[key] = partner.get(key, 0) + 1
            for x in (a, b):
                for y in (c, d):
                    key = (min(x, y), max(x, y))
                    opponent[key] = opponent.get(key, 0) + 1
    if n % 4 == 1 and sorted(sat_out) != list(range(n)):
        return False
    pairs = [(x, y) for x in range(n) for y in range(x + 1, n)]
    return all(partner.get(p) == 1 and opponent.get(p) == 2 for p in pairs)


# GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, multiplication by table.
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def _affine_plane_classes() -> list[list[tuple[int, ...]]]:
    """The five parallel classes of AG(2, 4) on points 4x + y: 16 players, four
    tables a round, every pair at the same table exactly once in five rounds."""
    classes = [[tuple(4 * c + y for y in range(4)) for c in range(4)]]
    for m in range(4):
        classes.append([tuple(4 * x + (_GF4_MUL[m][x] ^ b) for x in range(4)) for b in range(4)])
    return classes


def affine_rounds(count: int, rng: random.Random) -> Design:
    """Up to ten rounds for 16 players where any two meet at most ceil(count / 5)
    times and never partner twice: AG(2, 4), then a relabelled copy sharing no
    table with it, partnerships split so that partners never repeat."""
    first = _affine_plane_classes()
    lines = {frozenset(block) for cls in first for block in cls}
    while True:
        sigma = list(range(16))
        rng.shuffle(sigma)
        second = [[tuple(sigma[x] for x in block) for block in cls] for cls in first]
        if not any(frozenset(block) in lines for cls in second for block in cls):
            break
    classes = (first + second)[:count]
    for _attempt in range(1000):
        partnered: set[tuple[int, int]] = set()
        rounds: Design = []
        for cls in classes:
            rnd = []
            for a, b, c, d in cls:
                splits = [(a, b, c, d), (a, c, b, d), (a, d, b, c)]
                rng.shuffle(splits)
                ok = [
                    s
                    for s in splits
                    if (min(s[:2]), max(s[:2])) not in partnered
                    and (min(s[2:]), max(s[2:])) not in partnered
                ]
                if not ok:
                    break
                s = ok[0]
                partnered.update({(min(s[:2]), max(s[:2])), (min(s[2:]), max(s[2:]))})
                rnd.append(s)
            else:
                rounds.append(rnd)
                continue
            break
        if len(rounds) == len(classes):
            return rounds
    raise RuntimeError("no partner split found")  # pragma: no cover - never observed
