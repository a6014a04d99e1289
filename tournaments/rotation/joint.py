"""Sit-outs and partnerships chosen together (internal to ``tournaments.rotation``).

The queue (``plans.queue_plan``) settles who sits out before anyone is paired, so a
redraw after a withdrawal can leave four players at a table who have all partnered
each other already, while another choice of sit-outs repeats nothing. This module
searches both at once.

A new round is *repeat-free* when the players who play can all be paired with
partners they have not had (a perfect matching in the graph of unused
partnerships); with three-handed tables the trio's two partners must be an unused
pair too, and its lone player needs none. It is *fair* when those who sat out
least sit out next (ties free): the ``g`` sitters hold the ``g`` lowest counts.
With the three-handed rule the trio is chosen the same way by turns at the
three-handed table.

The search is depth first over the new rounds. Each round tries the fair groups of
sitters in queue order (fewest sit-outs, then longest ago, then a seeded rank),
then the pairings of everyone else, the player with the fewest unused partners
first. Three prunings keep it small: a state already found dead is not searched
again; enough unused pairs must be left for the partnerships still to form; and
every player must keep at least as many unused partners as the rounds they will
have to play (fair sit-outs decide that number up to one: counts rise as a whole,
the lowest first, so the final highest count is known in advance).

Cost: partnerships are bitmasks, so choosing the next player to pair is O(N) and a
first pairing of a round O(N^2); a field with room to spare costs O(R N^2). Where
repeats are nearly unavoidable the search is exponential, so it stops after
``NODE_LIMIT`` steps (each at most O(N)) and the caller keeps the queue's plan.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

NODE_LIMIT = 60_000


class _OutOfBudget(Exception):
    pass


def final_top(counts: list[int], group: int, rounds: int) -> int:
    """Highest count after ``rounds`` rounds in which the ``group`` lowest counts rise
    by one (the same whichever tied players are chosen)."""
    values = sorted(counts)
    for _ in range(rounds):
        for i in range(min(group, len(values))):
            values[i] += 1
        values.sort()
    return values[-1] if values else 0


def fair_groups(counts: list[int], prefer: list[tuple], group: int) -> Iterator[tuple[int, ...]]:
    """Every set of ``group`` players holding the lowest counts, in ``prefer`` order
    (the queue's own choice first)."""
    if group == 0:
        yield ()
        return
    order = sorted(range(len(counts)), key=lambda i: prefer[i])
    threshold = counts[order[group - 1]]
    forced = tuple(i for i in order if counts[i] < threshold)
    pool = [i for i in order if counts[i] == threshold]
    for extra in combinations(pool, group - len(forced)):
        yield forced + extra


class JointSearch:
    """One search over ``n`` current players (0..n-1) for ``rounds`` new rounds.

    ``counts``/``last``: sit-outs so far (three-handed turns when ``three``) and the
    round of the latest one (-1: never); ``rank``: the seeded tie-break; ``used``:
    pairs (i, j) who have partnered already.
    """

    def __init__(
        self,
        n: int,
        rounds: int,
        group: int,
        three: bool,
        counts: list[int],
        last: list[int],
        rank: list[int],
        used: set[tuple[int, int]],
        limit: int = NODE_LIMIT,
    ) -> None:
        self.n, self.rounds, self.group, self.three = n, rounds, group, three
        self.counts, self.last, self.rank = list(counts), list(last), rank
        everyone = (1 << n) - 1
        self.adj = [everyone & ~(1 << i) for i in range(n)]
        for a, b in used:
            if a < n and b < n:
                self.adj[a] &= ~(1 << b)
                self.adj[b] &= ~(1 << a)
        self.top = final_top(self.counts, group, rounds)
        self.limit = limit
        self.nodes = 0
        self.dead: set = set()
        # Per new round: (group, pairs, trio seats [a, b, lone, -1] or []).
        self.chosen: list[tuple[tuple[int, ...], list[tuple[int, int]], list[int]]] = []

    def run(self):
        try:
            found = self._round(0)
        except _OutOfBudget:
            return None
        return list(self.chosen) if found else None

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget

    def _can_finish(self, k: int) -> bool:
        left = self.rounds - k
        # Enough unused pairs for every partnership still to form...
        per_round = (self.n - self.group) // 2 + (1 if self.three else 0)
        if left * per_round > sum(m.bit_count() for m in self.adj) // 2:
            return False
        # ...and enough unused partners for each player's rounds still to play.
        for i in range(self.n):
            need = left - min(left, max(0, self.top - self.counts[i]))
            if need and self.adj[i].bit_count() < need:
                return False
        return True

    def _pair(self, a: int, b: int, on: bool) -> None:
        if on:
            self.adj[a] &= ~(1 << b)
            self.adj[b] &= ~(1 << a)
        else:
            self.adj[a] |= 1 << b
            self.adj[b] |= 1 << a

    def _round(self, k: int) -> bool:
        if k == self.rounds:
            return True
        if not self._can_finish(k):
            return False
        key = (k, tuple(self.adj), tuple(self.counts))
        if key in self.dead:
            return False
        prefer = [(c, t, r) for c, t, r in zip(self.counts, self.last, self.rank, strict=True)]
        everyone = (1 << self.n) - 1
        for group in fair_groups(self.counts, prefer, self.group):
            self._tick()
            saved = [self.last[i] for i in group]
            for i in group:
                self.counts[i] += 1
                self.last[i] = k
            free = everyone & ~sum(1 << i for i in group)
            for trio in self._trio_seats(group):
                if trio:
                    self._pair(trio[0], trio[1], True)
                for pairs in self._matchings(free):
                    for a, b in pairs:
                        self._pair(a, b, True)
                    self.chosen.append((() if self.three else group, pairs, trio))
                    if self._round(k + 1):
                        return True
                    self.chosen.pop()
                    for a, b in pairs:
                        self._pair(a, b, False)
                if trio:
                    self._pair(trio[0], trio[1], False)
            for i, was in zip(group, saved, strict=True):
                self.counts[i] -= 1
                self.last[i] = was
        self.dead.add(key)
        return False

    def _trio_seats(self, group: tuple[int, ...]) -> list[list[int]]:
        """Three-handed: the trio's unused partner pairs (the third plays alone)."""
        if not self.three:
            return [[]]
        a, b, c = group
        return [
            [x, y, lone, -1]
            for x, y, lone in ((a, b, c), (a, c, b), (b, c, a))
            if self.adj[x] >> y & 1
        ]

    def _matchings(self, free: int) -> Iterator[list[tuple[int, int]]]:
        """Pairings of the players in ``free`` into unused partnerships."""
        if not free:
            yield []
            return
        self._tick()
        adj = self.adj
        best, best_degree = -1, self.n + 1
        rest = free
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            degree = (adj[i] & free).bit_count()
            if degree < best_degree:
                best, best_degree = i, degree
                if degree == 0:
                    return
        others = free & ~(1 << best)
        options = []
        rest = adj[best] & others
        while rest:
            low = rest & -rest
            j = low.bit_length() - 1
            rest ^= low
            options.append(((adj[j] & others).bit_count(), self.rank[j], j))
        for _, _, j in sorted(options):
            for more in self._matchings(others & ~(1 << j)):
                yield [(best, j), *more]


def group_into_tables(
    pairs: list[tuple[int, int]], rng: random.Random, n: int, cp: list[int], co: list[int]
) -> list[int]:
    """Flat seats of a round from its partnerships: each table takes the two pairs
    who have met least (squared meeting counts, partners and opponents)."""
    remaining = list(pairs)
    rng.shuffle(remaining)
    seat: list[int] = []
    while remaining:
        first = remaining.pop()
        costs = [
            sum((cp[x * n + y] + co[x * n + y]) ** 2 for x in first for y in pair)
            for pair in remaining
        ]
        seat += [*first, *remaining.pop(costs.index(min(costs)))]
    return seat
