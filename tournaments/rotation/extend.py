"""Fitting whist designs to an event: which rounds to keep, in which order (fair
sit-outs), and extra players beyond the design's own.

Designs are lists of rounds of tables ``(ns1, ns2, ew1, ew2)`` over int points
(see ``designs``); players not seated in a round sit out.
"""

from __future__ import annotations

import random

from tournaments.rotation.designs import Design, whist_rounds

NODE_LIMIT = 2_000  # search budget of add_extra_player


def choose_rounds(rounds: Design, count: int, n_points: int, rng: random.Random) -> list[int]:
    """Indices (in design order) of ``count`` rounds whose union repeats table-mates
    and opponents least: fewest pairs meeting 3+ times, then opposing 3+ times, then
    meeting twice, then opposing twice. Hill climbing over swaps, small budget."""
    total = len(rounds)
    if count >= total:
        return list(range(total))
    meet_masks: dict[int, int] = {}
    opp_masks: dict[int, int] = {}
    for r, rnd in enumerate(rounds):
        bit = 1 << r
        for a, b, c, d in rnd:
            for x, y, opposed in ((a, b, 0), (c, d, 0), (a, c, 1), (a, d, 1), (b, c, 1), (b, d, 1)):
                key = min(x, y) * n_points + max(x, y)
                meet_masks[key] = meet_masks.get(key, 0) | bit
                if opposed:
                    opp_masks[key] = opp_masks.get(key, 0) | bit
    masks = [(m, opp_masks.get(key, 0)) for key, m in meet_masks.items()]
    meet_w = [0, 0, 1, 10_000, 10_000_000] + [10**10] * total
    opp_w = [0, 0, 1, 1_000, 1_000_000] + [10**9] * total

    def cost(sel: int) -> int:
        return sum(meet_w[(m & sel).bit_count()] + opp_w[(o & sel).bit_count()] for m, o in masks)

    # Start from evenly spaced rounds, then try swaps.
    chosen = sorted({round(i * total / count) % total for i in range(count)})
    rest = [r for r in range(total) if r not in chosen]
    while len(chosen) < count:
        chosen.append(rest.pop())
    sel = sum(1 << r for r in chosen)
    best = cost(sel)
    budget = max(60, min(600, 40_000 // max(1, len(masks))))
    for _ in range(budget):
        out_r = rng.choice([r for r in range(total) if sel >> r & 1])
        in_r = rng.choice([r for r in range(total) if not sel >> r & 1])
        trial = sel ^ (1 << out_r) ^ (1 << in_r)
        c = cost(trial)
        if c <= best:
            sel, best = trial, c
    return [r for r in range(total) if sel >> r & 1]


def fair_order(
    sitters: list[tuple[int, ...]], n_players: int, count: int, limit: int = 1_000
) -> list[int] | None:
    """Order ``count`` of the rounds (given by who sits out in each) so that after
    every round sit-out counts differ by at most one; None if not found in time."""
    counts = [0] * n_players
    order: list[int] = []
    used = [False] * len(sitters)
    nodes = 0

    def dfs() -> bool:
        nonlocal nodes
        if len(order) == count:
            return True
        nodes += 1
        if nodes > limit:
            return False
        low = min(counts)
        n_low = counts.count(low)
        for r, group in enumerate(sitters):
            if used[r] or any(counts[p] > low + 1 for p in group):
                continue
            at_low = sum(counts[p] == low for p in group)
            # Fair afterwards: all at the minimum, or every minimum player included.
            if at_low < len(group) and at_low < n_low:
                continue
            for p in group:
                counts[p] += 1
            used[r] = True
            order.append(r)
            if dfs():
                return True
            order.pop()
            used[r] = False
            for p in group:
                counts[p] -= 1
        return False

    return order if dfs() else None


def even_order(sitters: list[tuple[int, ...]], n_players: int, count: int) -> list[int]:
    """Greedy stand-in for ``fair_order``: each time the round whose sitters have
    sat least (then the lowest index)."""
    counts = [0] * n_players
    left = list(range(len(sitters)))
    order = []
    for _ in range(count):
        r = min(
            left,
            key=lambda r: (
                max(counts[p] for p in sitters[r]),
                sum(counts[p] for p in sitters[r]),
                r,
            ),
        )
        left.remove(r)
        order.append(r)
        for p in sitters[r]:
            counts[p] += 1
    return order


def add_extra_player(
    base: Design, n_base: int, rng: random.Random, opp_limit: int, meet_limit: int
) -> tuple[Design, list[list[int]]] | None:
    """Rounds for n_base + 1 players from rounds for n_base (base sit-outs allowed):
    each round the extra player X = n_base either sits out or takes the seat of a
    player who sits out instead. Chosen by a depth-first search so that sit-outs
    stay fair (counts never differ by 2), X never repeats a partner and X's
    opponent/meeting counts stay within the limits. Returns (rounds, sit-outs)."""
    n = n_base + 1
    x_id = n_base
    base_out = [sorted(set(range(n_base)) - {p for t in rnd for p in t}) for rnd in base]
    future = [0] * n  # how many base sit-outs each point still has ahead
    for out in base_out:
        for p in out:
            future[p] += 1
    counts = [0] * n
    partners: set[int] = set()
    opp = [0] * n
    meet = [0] * n
    choice: list[int] = []
    nodes = 0

    relations = [
        {t[i]: (t[i ^ 1], (t[i ^ 2], t[i ^ 3])) for t in rnd for i in range(4)} for rnd in base
    ]

    def dfs(r: int) -> bool:
        nonlocal nodes
        if r == len(base):
            return True
        nodes += 1
        if nodes > NODE_LIMIT:
            return False
        for p in base_out[r]:
            future[p] -= 1
            counts[p] += 1
        low = min(counts)
        cands = []
        if max(counts) - low <= 1:
            # After this round counts may differ by at most one: X's stand-in
            # must be somebody who has sat out least.
            cands = [p for p in range(n) if counts[p] == low and p not in base_out[r]]
            rng.shuffle(cands)
            cands.sort(key=lambda p: (future[p], p != x_id and meet[p]))
        for p in cands:
            rel = None if p == x_id else relations[r][p]
            if rel is not None:
                mate, (o1, o2) = rel
                if (
                    mate in partners
                    or max(opp[o1], opp[o2]) >= opp_limit
                    or max(meet[mate], meet[o1], meet[o2]) >= meet_limit
                ):
                    continue
                partners.add(mate)
                for y in (o1, o2):
                    opp[y] += 1
                for y in (mate, o1, o2):
                    meet[y] += 1
            counts[p] += 1
            choice.append(p)
            if dfs(r + 1):
                return True
            choice.pop()
            counts[p] -= 1
            if rel is not None:
                partners.discard(mate)
                for y in (o1, o2):
                    opp[y] -= 1
                for y in (mate, o1, o2):
                    meet[y] -= 1
        for p in base_out[r]:
            future[p] += 1
            counts[p] -= 1
        return False

    if not dfs(0):
        return None
    rounds: Design = []
    sitters = []
    for rnd, out, p in zip(base, base_out, choice, strict=True):
        rounds.append([tuple(x_id if y == p else y for y in t) for t in rnd])
        sitters.append(sorted([*out, p]))
    return rounds, sitters


def cloned_extra_player(v: int, count: int) -> tuple[Design, list[list[int]]] | None:
    """Rounds for v + 1 players (v = 4k+1 with a Z-cyclic Wh(v)): the extra player
    X = v is a clone of point 1. In round r (where r sits out) X takes the seat of
    r + 1, who sits out too; so X partners r + pi(1) - everyone once - and opposes
    each player at most twice. Rounds go 0, 2, 4, ..., v-1 (X sits out in round
    v-1 instead of 0), then 1, 3, ..., v-2: sit-outs {0,1}, {2,3}, ..., {v-1, X}
    then {1,2}, {3,4}, ..., so nobody sits twice before everyone sat once."""
    if v % 4 != 1 or v == 9 or count > v:
        return None
    full = whist_rounds(v)
    if full is None or any(0 in t for t in full[0]):
        return None
    order = [*range(0, v, 2), *range(1, v, 2)][:count]
    rounds: Design = []
    sitters = []
    for r in order:
        if r == v - 1:
            rounds.append(full[r])
            sitters.append([r, v])
        else:
            rounds.append([tuple(v if x == r + 1 else x for x in t) for t in full[r]])
            sitters.append([r, r + 1])
    return rounds, sitters
