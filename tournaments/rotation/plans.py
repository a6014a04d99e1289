"""Starting schedules for the annealing (internal to ``tournaments.rotation``).

A *plan* is, per new round, a flat seat list (see ``search``) over point
indices and the points sitting out. ``design_plan`` builds one from whist designs
for a fresh rotation; ``queue_plan`` builds one greedily, sit-outs by a fair
queue, for any field and any history.
"""

from __future__ import annotations

import random

from tournaments.rotation import designs, extend, joint, stored
from tournaments.rotation.quality import lower_bounds
from tournaments.rotation.search import (
    annealing_targets,
    cost_table,
    count_relations,
    schedule_key,
)


def design_plan(n: int, rounds: int, three: bool, rng: random.Random):
    """The best design-based start (relabelled at random), or None when none fits.
    Sit-outs become the three-handed table when ``three``: first two partners,
    then the lone player."""
    candidates = []
    for design, outs in _design_candidates(n, rounds, three, rng):
        seats = [[x for t in rnd for x in t] for rnd in design]
        if three:
            partners = {frozenset(t[:2]) for rnd in design for t in rnd}
            partners |= {frozenset(t[2:]) for rnd in design for t in rnd}
            seats = [seat + _trio(out, partners) for seat, out in zip(seats, outs, strict=True)]
            outs = [[] for _ in outs]
        candidates.append((seats, outs))
    if not candidates:
        return None
    table = cost_table(rounds + 2, *annealing_targets(n, rounds))
    zero = [0] * (n * n)

    def key(candidate):
        partner, repeats, *rest = schedule_key(n, candidate[0], zero, zero, table)
        return partner, repeats, is_unfair(candidate, n), *rest

    seats, outs = min(candidates, key=key)
    perm = list(range(n))
    rng.shuffle(perm)
    plan_seats, plan_outs = [], []
    for seat, out in zip(seats, outs, strict=True):
        tables = [
            [perm[x] if x >= 0 else x for x in seat[t : t + 4]] for t in range(0, len(seat), 4)
        ]
        full = [t for t in tables if -1 not in t]
        for t in full:
            if rng.random() < 0.5:
                t[:] = t[2:] + t[:2]
        rng.shuffle(full)
        plan_seats.append([x for t in full for x in t] + [x for t in tables if -1 in t for x in t])
        plan_outs.append(sorted(perm[x] for x in out))
    return plan_seats, plan_outs


def is_unfair(plan, n: int) -> bool:
    """Whether, within the plan, sit-outs or three-handed seats (the seats after the
    full tables) ever differ by two between two of the n current players."""
    counts = [0] * n
    main = 4 * (n // 4)
    for seat, out in zip(*plan, strict=True):
        for x in [*out, *seat[main:]]:
            if 0 <= x < n:
                counts[x] += 1
        if max(counts) - min(counts) > 1:
            return True
    return False


def _trio(out: list[int], partners: set) -> list[int]:
    """Seats of a three-handed table: the first pair of ``out`` (in its order) who
    are not yet ``partners`` (which it updates), then the lone player."""
    a, b, c = out
    for x, y, lone in ((a, b, c), (a, c, b), (b, c, a)):
        if frozenset((x, y)) not in partners:
            partners.add(frozenset((x, y)))
            return [x, y, lone, -1]
    return [a, b, c, -1]


def _design_candidates(n: int, rounds: int, three: bool, rng: random.Random) -> list:
    """(rounds, sit-outs) over points 0..n-1 from whist designs, stored tables
    (``stored``) and friends."""
    found = []
    t_opp, t_meet = lower_bounds(n, rounds)

    def truncated(m: int):
        full = designs.whist_rounds(m)
        if full is None or rounds > len(full):
            return None
        rnds = [full[r] for r in extend.choose_rounds(full, rounds, m, rng)]
        return rnds, [sorted(set(range(m)) - {x for t in rnd for x in t}) for rnd in rnds]

    def plus_one(base, m: int):
        if base is None:
            return None
        for slack in (0, 1, 2):
            more = extend.add_extra_player(
                base[0], m, rng, max(2, t_opp) + slack // 2, t_meet + slack
            )
            if more is not None:
                return more
        return None

    if n % 4 in (0, 1):
        found.append(truncated(n))
    if n % 4 == 0:
        table = stored.stored_rounds(n, rounds, rng)
        found.append(table and (table, [[] for _ in table]))
    if n % 4 == 1:
        found.append(plus_one(truncated(n - 1), n - 1))
    if rounds <= 10 and n in (16, 17):
        affine = designs.affine_rounds(rounds, rng)
        base = affine, [[] for _ in affine]
        found.append(base if n == 16 else plus_one(base, 16))
    if n % 4 == 2:
        found.append(plus_one(truncated(n - 1), n - 1))
        found.append(extend.cloned_extra_player(n - 1, rounds))
    if n % 4 == 3 and three:
        # Sit-outs of a design have mostly partnered each other: a phantom's
        # table-mates make better three-handed tables.
        found.append(_phantom_design(n, rounds, fair=False))
    elif n % 4 == 3:
        found.append(plus_one(plus_one(truncated(n - 2), n - 2), n - 1))
        if found[-1] is None:
            found.append(plus_one(extend.cloned_extra_player(n - 2, rounds), n - 1))
        if found[-1] is None:
            found.append(_phantom_design(n, rounds, fair=True))
    return [c for c in found if c is not None]


def _phantom_design(n: int, rounds: int, fair: bool):
    """Wh(N+1) less a phantom point for N = 4k+3: whoever shares the phantom's table
    sits out, or plays three-handed: its partner alone against the other two, who
    are design partners. Sit-outs need an order of rounds in which they are fair,
    which often does not exist; unless ``fair`` the most even order found will do
    (three-handed seats are then only roughly rotated)."""
    full = designs.whist_rounds(n + 1)
    if full is None or rounds > len(full):
        return None
    for phantom in (n, 0):  # in a Z-cyclic design every finite point is alike
        swap = {phantom: n, n: phantom}
        relabelled = [[tuple(swap.get(x, x) for x in t) for t in rnd] for rnd in full]
        mates = []
        for rnd in relabelled:
            t = next(t for t in rnd if n in t)
            i = t.index(n)
            mates.append((*(t[j] for j in range(4) if j not in (i, i ^ 1)), t[i ^ 1]))
        order = extend.fair_order(mates, n, rounds)
        if order is None and not fair and phantom == 0:
            order = extend.even_order(mates, n, rounds)
        if order is not None:
            rnds = [[t for t in relabelled[r] if n not in t] for r in order]
            return rnds, [list(mates[r]) for r in order]
    return None


def queue_state(n_cur: int, played, index: dict, rng: random.Random):
    """The queue's counts from the played rounds: (sit-outs, round of the last one,
    three-handed turns, round of the last one, a seeded random rank), per current
    player. A newcomer starts level with the fewest sit-outs among the others."""
    sat: dict[int, int | None] = {i: None for i in range(n_cur)}
    last = dict.fromkeys(range(n_cur), -1)
    trios = dict.fromkeys(range(n_cur), 0)
    last_trio = dict.fromkeys(range(n_cur), -1)
    for k, rnd in enumerate(played):
        present = [index[p] for p in (*rnd.players, *rnd.sitting_out) if index[p] < n_cur]
        for i in present:
            sat[i] = sat[i] or 0
        for p in rnd.sitting_out:
            i = index[p]
            if i < n_cur:
                sat[i] += 1
                last[i] = k
        for table in rnd.tables:
            if table.is_three_handed:
                for p in table.players:
                    if index[p] < n_cur:
                        trios[index[p]] += 1
                        last_trio[index[p]] = k
    floor = min((c for c in sat.values() if c is not None), default=0)
    counts = {i: floor if c is None else c for i, c in sat.items()}
    rank = list(range(n_cur))
    rng.shuffle(rank)
    return counts, last, trios, last_trio, rank


def queue_plan(n_cur, n_new, n_sit, three, played, index, rng: random.Random, counts):
    """Sit-outs (and three-handed seats) by a fair queue, tables greedily.

    A player's place in the queue is (times sat out, last round sat out, a seeded
    random rank), counting the played rounds; a newcomer starts level with the
    fewest sit-outs among the others, so arriving late never costs extra
    sit-outs. The three-handed table takes the players who played three-handed
    least, in the same way."""
    sat, last, trios, last_trio, rank = queue_state(n_cur, played, index, rng)
    seats, sitters = [], []
    for k in range(len(played), len(played) + n_new):
        order = sorted(range(n_cur), key=lambda i: (sat[i], last[i], rank[i]))
        out = sorted(order[:n_sit])
        for i in out:
            sat[i] += 1
            last[i] = k
        playing = order[n_sit:]
        extra = []
        if three:
            trio = sorted(playing, key=lambda i: (trios[i], last_trio[i], rank[i]))[:3]
            for i in trio:
                trios[i] += 1
                last_trio[i] = k
            playing = [i for i in playing if i not in trio]
            extra = [*trio, -1]
        seat = _greedy_tables(playing, rng, counts) + extra
        count_relations(counts[0], [seat], counts[1], counts[2])
        seats.append(seat)
        sitters.append(out)
    return seats, sitters


def joint_plan(n_cur, n_new, n_sit, three, played, index, rng: random.Random, counts):
    """Like ``queue_plan``, but sit-outs and partners chosen together so that no
    partnership repeats (``joint``); None when no such fair plan was found."""
    sat, last, trios, last_trio, rank = queue_state(n_cur, played, index, rng)
    n, cp, co = counts
    used = {(i, j) for i in range(n_cur) for j in range(i + 1, n_cur) if cp[i * n + j]}
    group_counts, group_last = (trios, last_trio) if three else (sat, last)
    found = joint.JointSearch(
        n_cur,
        n_new,
        3 if three else n_sit,
        three,
        [group_counts[i] for i in range(n_cur)],
        [group_last[i] for i in range(n_cur)],
        rank,
        used,
    ).run()
    if found is None:
        return None
    seats, sitters = [], []
    for group, pairs, trio in found:
        seat = joint.group_into_tables(pairs, rng, n, cp, co)
        seat += trio
        count_relations(n, [seat], cp, co)
        seats.append(seat)
        sitters.append(sorted(group))
    return seats, sitters


def _greedy_tables(playing: list[int], rng: random.Random, counts) -> list[int]:
    """Fill tables one at a time with the players who met the table least so far
    (squared meeting counts), then split each table into the partnerships that
    repeat least."""
    n, cp, co = counts
    remaining = list(playing)
    rng.shuffle(remaining)
    seat: list[int] = []
    while len(remaining) >= 4:
        group = [remaining.pop()]
        scores = [0] * len(remaining)
        for _ in range(3):
            y = group[-1] * n
            scores = [
                s + (cp[y + x] + co[y + x]) ** 2 for s, x in zip(scores, remaining, strict=True)
            ]
            pick = scores.index(min(scores))
            group.append(remaining.pop(pick))
            scores.pop(pick)
        a, b, c, d = group
        splits = [(a, b, c, d), (a, c, b, d), (a, d, b, c)]
        seat.extend(
            min(
                splits,
                key=lambda t: (
                    50 * (cp[t[0] * n + t[1]] + cp[t[2] * n + t[3]])
                    + sum(co[x * n + y] for x in t[:2] for y in t[2:])
                ),
            )
        )
    return seat
