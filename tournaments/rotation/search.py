"""Local search (simulated annealing over seat swaps) that polishes a rotation.

The state is one flat seat list per round: seats ``4k .. 4k+3`` are table ``k``;
``4k, 4k+1`` are the ns partners and ``4k+2, 4k+3`` the ew partners, so the
partner of seat ``s`` is ``s ^ 1`` and its opponents are ``s ^ 2`` and ``s ^ 3``.
An empty seat (three-handed table) holds ``-1``. Players are ints ``0 .. n-1``.

Each round has *zones* (seat ranges); a move swaps two seats of one zone, so who
sits out and who plays three-handed never changes. The cost of a pair depends on
how often it partnered (P) and opposed (O), counting fixed history too:
``W_P (P-1)^2 + W_O (O-t_o)^2 + W_M (P+O-t_m)^2``, each term only above its
target (t_o, t_m: ``annealing_targets``). The partner weight is modest on purpose
(a steep one freezes the search); callers keep whichever result has the fewest
repeated partners first (``schedule_key``). Moves start from a player in
conflict most of the time; the best state seen is returned.
"""

from __future__ import annotations

import math
import random

from tournaments.rotation.quality import lower_bounds

PARTNER_WEIGHT = 40
OPPONENT_WEIGHT = 12
MEET_WEIGHT = 5
WEIGHTS = (PARTNER_WEIGHT, OPPONENT_WEIGHT, MEET_WEIGHT, 0, 0)
PARTNERS_FIRST = (40, 1, 0, 0, 0)  # for tight histories: unique partners before the rest
# The spreading pass: the maxima reached are walls (KEEP), and below them each pair
# opposed again costs OPPONENT_SPREAD, each pair met again MEET_SPREAD.
KEEP = 1_000
OPPONENT_SPREAD = 2
MEET_SPREAD = 1
SPREAD = (KEEP, KEEP, KEEP, OPPONENT_SPREAD, MEET_SPREAD)
SPREAD_TEMPS = (1.5, 0.2)
TEMP_START, TEMP_END = 3.0, 0.3
REFRESH = 200  # moves between refreshes of the list of players in conflict
HOT_SHARE = 0.8  # share of moves that start from a player in conflict


def cost_table(k: int, t_opp: int, t_meet: int, weights: tuple = WEIGHTS) -> list[int]:
    """Flat table: cost of a pair partnered P times and opposed O times at [P*k + O]."""
    w_partner, w_opp, w_meet, s_opp, s_meet = weights
    table = []
    for p in range(k):
        for o in range(k):
            cost = w_partner * max(0, p - 1) ** 2
            cost += w_opp * max(0, o - t_opp) ** 2 + s_opp * max(0, min(o, t_opp) - 1)
            cost += w_meet * max(0, p + o - t_meet) ** 2 + s_meet * max(0, min(p + o, t_meet) - 1)
            table.append(cost)
    return table


def cost_floor(n: int, cp: list[int], co: list[int], t_opp: int, t_meet: int, weights) -> int:
    """A lower bound of the cost for these totals of partnerships and oppositions,
    whoever meets whom: every pair met (opposed) beyond the n(n-1)/2 pairs costs
    at least the spread weight (the full weight when the target is once)."""
    _, w_opp, w_meet, s_opp, s_meet = weights
    pairs = n * (n - 1) // 2
    opposed, partnered = sum(co) // 2, sum(cp) // 2
    c_opp = w_opp if t_opp <= 1 else min(w_opp, s_opp)
    c_meet = w_meet if t_meet <= 1 else min(w_meet, s_meet)
    return c_opp * max(0, opposed - pairs) + c_meet * max(0, opposed + partnered - pairs)


def count_relations(n: int, seats: list[list[int]], cp: list[int], co: list[int]) -> None:
    """Add the partner/opponent relations of ``seats`` to the flat n*n counters."""
    for seat in seats:
        for s, x in enumerate(seat):
            if x < 0:
                continue
            y = seat[s ^ 1]
            if y >= 0:
                cp[x * n + y] += 1
            for t in (s ^ 2, s ^ 3):
                y = seat[t]
                if y >= 0:
                    co[x * n + y] += 1


def total_cost(n: int, k: int, cp: list[int], co: list[int], table: list[int]) -> int:
    """Cost of all pairs for the counters ``cp``/``co`` (k: the table's row length)."""
    return sum(table[cp[i * n + j] * k + co[i * n + j]] for i in range(n) for j in range(i + 1, n))


def polish(
    n: int,
    seats: list[list[int]],
    zones: list[list[tuple[int, int]]],
    base_partner: list[int],
    base_opp: list[int],
    t_opp: int,
    t_meet: int,
    moves: int,
    rng: random.Random,
    weights: tuple = WEIGHTS,
    temps: tuple[float, float] | None = None,
) -> tuple[list[list[int]], int, int]:
    """Anneal ``seats`` (not modified) and return (best seats, best cost, moves made).

    ``base_partner``/``base_opp`` are flat n*n counts of fixed (already played)
    rounds. ``moves`` bounds the work; the search stops early once the cost
    reaches ``cost_floor`` (0 unless spread weights are set). Two
    kinds of move: swap players of different tables, or swap partners within a
    table. A pair's state is one int ``P*k + O`` so a change is one table lookup.
    """
    k = len(seats) + max(max(base_partner, default=0), max(base_opp, default=0)) + 2
    table = cost_table(k, t_opp, t_meet, weights)
    cp = list(base_partner)
    co = list(base_opp)
    seats = [list(s) for s in seats]
    count_relations(n, seats, cp, co)
    cost = total_cost(n, k, cp, co, table)
    floor = cost_floor(n, cp, co, t_opp, t_meet, weights)
    best_cost = cost
    best = [list(s) for s in seats]
    st = [p * k + o for p, o in zip(cp, co, strict=True)]
    size = len(table)
    # Cost deltas of one change of a pair in state s (guarded at the edges).
    big = 10**9

    def shifted(step: int) -> list[int]:
        return [table[s + step] - table[s] if 0 <= s + step < size else big for s in range(size)]

    lose_p, gain_p, lose_o, gain_o = shifted(-k), shifted(k), shifted(-1), shifted(1)
    p_to_o, o_to_p = shifted(1 - k), shifted(k - 1)
    slots = []  # (round, zone lo, zone size, seat, zone has empty seats)
    for r, round_zones in enumerate(zones):
        for lo, hi in round_zones:
            if hi - lo < 2:
                continue
            holes = any(x < 0 for x in seats[r][lo:hi])
            for s in range(lo, hi):
                if seats[r][s] >= 0:
                    slots.append((r, lo, hi - lo, s, holes))
    if cost <= floor or not slots or moves <= 0:
        return best, best_cost, 0
    n_slots = len(slots)
    rand = rng.random
    exp = math.exp
    temp, temp_end = temps or (TEMP_START, TEMP_END)
    cool = (temp_end / temp) ** (1.0 / moves)
    unsaved = False
    made = moves
    hot: list[int] = []  # slots of players in conflict, refreshed now and then
    for move in range(moves):
        temp *= cool
        if move % REFRESH == 0:
            hot = []
            for h, (r, _lo, _width, i, _holes) in enumerate(slots):
                seat = seats[r]
                p = seat[i]
                if p >= 0:
                    pn = p * n
                    for y in (seat[i ^ 1], seat[i ^ 2], seat[i ^ 3]):
                        if y >= 0 and table[st[pn + y]]:
                            hot.append(h)
                            break
            n_hot = len(hot)
        if n_hot and rand() < HOT_SHARE:
            r, lo, width, i, holes = slots[hot[int(rand() * n_hot)]]
        else:
            r, lo, width, i, holes = slots[int(rand() * n_slots)]
        seat = seats[r]
        p = seat[i]
        if p < 0:
            continue
        pn = p * n
        a1 = seat[i ^ 1]
        a2 = seat[i ^ 2]
        a3 = seat[i ^ 3]
        j = lo + int(rand() * width)
        if (i >> 1) == (j >> 1):
            continue
        q = seat[j]
        if (i >> 2) != (j >> 2) and not holes:
            # p leaves partner a1 and opponents a2, a3 for q's seat, and back.
            b1 = seat[j ^ 1]
            b2 = seat[j ^ 2]
            b3 = seat[j ^ 3]
            qn = q * n
            delta = (
                lose_p[st[pn + a1]]
                + lose_o[st[pn + a2]]
                + lose_o[st[pn + a3]]
                + gain_p[st[pn + b1]]
                + gain_o[st[pn + b2]]
                + gain_o[st[pn + b3]]
                + lose_p[st[qn + b1]]
                + lose_o[st[qn + b2]]
                + lose_o[st[qn + b3]]
                + gain_p[st[qn + a1]]
                + gain_o[st[qn + a2]]
                + gain_o[st[qn + a3]]
            )
            if delta > 0:
                if rand() >= exp(-delta / temp):
                    continue
                if unsaved:
                    best = [list(s) for s in seats]
                    unsaved = False
            for x, y, step in (
                (p, a1, -k),
                (p, a2, -1),
                (p, a3, -1),
                (p, b1, k),
                (p, b2, 1),
                (p, b3, 1),
                (q, b1, -k),
                (q, b2, -1),
                (q, b3, -1),
                (q, a1, k),
                (q, a2, 1),
                (q, a3, 1),
            ):
                st[x * n + y] += step
                st[y * n + x] += step
        elif (i >> 2) == (j >> 2):
            # Partners change within the table: p, q swap sides.
            pp = seat[i ^ 1]
            qq = seat[j ^ 1]
            changes = [
                (x, y, step)
                for x, y, step in ((p, pp, 1 - k), (q, qq, 1 - k), (p, qq, k - 1), (q, pp, k - 1))
                if x >= 0 and y >= 0
            ]
            delta = 0
            for x, y, step in changes:
                s = st[x * n + y]
                delta += p_to_o[s] if step == 1 - k else o_to_p[s]
            if delta > 0:
                if rand() >= exp(-delta / temp):
                    continue
                if unsaved:
                    best = [list(s) for s in seats]
                    unsaved = False
            for x, y, step in changes:
                st[x * n + y] += step
                st[y * n + x] += step
        else:
            continue
        seat[i] = q
        seat[j] = p
        cost += delta
        if cost < best_cost:
            best_cost = cost
            unsaved = True
            if cost <= floor:
                made = move + 1
                break
    if unsaved:
        best = [list(s) for s in seats]
    return best, best_cost, made


def spread(n, seats, zones, base_partner, base_opp, moves: int, rng: random.Random):
    """The spreading pass: keep every maximum reached (partners, opponents, table
    mates) and then make as few pairs as possible oppose, and meet, more than once.
    Returns the best seats."""
    cp, co = list(base_partner), list(base_opp)
    count_relations(n, seats, cp, co)
    t_opp = max(1, max(co, default=0))
    t_meet = max(1, max(map(sum, zip(cp, co, strict=True)), default=0))
    args = (n, seats, zones, base_partner, base_opp, t_opp, t_meet, moves, rng)
    return polish(*args, weights=SPREAD, temps=SPREAD_TEMPS)[0]


def annealing_targets(n: int, rounds: int) -> tuple[int, int]:
    """Opponent and meeting counts the annealing aims at: the lower bounds, except
    that "opponents once" is only sought when opponent seats fill at most 80% of
    the pairs and "never meet twice" when table seats fill at most 72% (denser
    cases never reached them in trials; the effort is better spent elsewhere)."""
    t_opp, t_meet = lower_bounds(n, rounds)
    pairs = n * (n - 1) / 2
    if t_opp == 1 and 4 * (n // 4) * rounds > 0.8 * pairs:
        t_opp = 2
    if t_meet == 1 and 6 * (n // 4) * rounds > 0.72 * pairs:
        t_meet = 2
    return t_opp, t_meet


def schedule_key(n, seats, base_p, base_o, table) -> tuple[int, ...]:
    """(partner max, repeated partnerships, opponent max, meet max, annealing cost,
    oppositions again, meetings again): smaller is better. Repeats count every
    partnership beyond a pair's first, so a history that already holds one still
    tells a schedule adding none from one that adds more; "again" counts every
    opposition (meeting) beyond a pair's first."""
    k = round(len(table) ** 0.5)
    cp, co = list(base_p), list(base_o)
    count_relations(n, seats, cp, co)
    meets = [p + o for p, o in zip(cp, co, strict=True)]
    repeats = sum(c - 1 for c in cp if c > 1) // 2
    opposed_again = sum(c - 1 for c in co if c > 1) // 2
    met_again = sum(c - 1 for c in meets if c > 1) // 2
    cost = total_cost(n, k, cp, co, table)
    return max(cp), repeats, max(co), max(meets), cost, opposed_again, met_again
