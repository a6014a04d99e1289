"""Builds the new rounds of a rotation (internal to ``tournaments.rotation``).

Players become point indices: the current players 0..N-1 in the given order,
then withdrawn players who appear in played rounds. Starting plans come from
``plans``; each is annealed (``search``) and the best result by
(partner max, unfair sit-outs, opponent max, meet max, cost) wins.
"""

from __future__ import annotations

import random

from tournaments.rotation import plans as rotation_plans
from tournaments.rotation.search import (
    PARTNERS_FIRST,
    WEIGHTS,
    annealing_targets,
    cost_table,
    count_relations,
    polish,
    schedule_key,
    spread,
)
from tournaments.rotation.types import Round, Table

# Annealing budget: moves per seat per new round, capped in total.
MOVES_PER_SEAT = 300
MAX_MOVES = 80_000


def build_rotation(players, rounds, rng: random.Random, played, sit_out_rule) -> list[Round]:
    ids = list(players)
    index = {p: i for i, p in enumerate(ids)}
    for rnd in played:
        for p in (*rnd.players, *rnd.sitting_out):
            if p not in index:
                index[p] = len(ids)
                ids.append(p)
    n_cur, n = len(players), len(ids)
    n_new = rounds - len(played)
    three = sit_out_rule == "three_handed" and n_cur % 4 == 3
    n_sit = 0 if three else n_cur % 4

    base_p = [0] * (n * n)
    base_o = [0] * (n * n)
    played_seats = [_seats_of(rnd, index) for rnd in played]
    count_relations(n, played_seats, base_p, base_o)
    base_repeats = sum(c - 1 for c in base_p if c > 1) // 2

    t_opp, t_meet = annealing_targets(n_cur, rounds)
    moves = min(MAX_MOVES, MOVES_PER_SEAT * n_cur * n_new)
    table = cost_table(rounds + 2, t_opp, t_meet)
    main = 4 * (n_cur // 4)

    plans = []
    if not played:
        plans.append(rotation_plans.design_plan(n_cur, rounds, three, rng))
    if not plans or plans[0] is None or rotation_plans.is_unfair(plans[0], n_cur):
        counts = (n, list(base_p), list(base_o))
        plans.append(
            rotation_plans.queue_plan(n_cur, n_new, n_sit, three, played, index, rng, counts)
        )
    plans = sorted((rotation_plans.is_unfair(p, n_cur), k, p) for k, p in enumerate(plans) if p)
    best = None

    def consider(seats, sitters, unfair):
        nonlocal best
        zones = [[(0, main)] + ([(main, len(s))] if three else []) for s in seats]

        def key(option):
            partner, repeats, *rest = schedule_key(n, option, base_p, base_o, table)
            return partner, repeats, unfair, *rest

        def anneal(start, weights):
            args = (n, start, zones, base_p, base_o, t_opp, t_meet, moves, rng)
            found, _, made = polish(*args, weights=weights)
            if weights is PARTNERS_FIRST or played:
                return found
            # A fresh rotation spends the moves left over spreading players out
            # below the maxima reached; a redraw keeps to the quick pass.
            left = max(moves - made, moves // 4)
            return spread(n, found, zones, base_p, base_o, left, rng)

        options = [seats, anneal(seats, WEIGHTS)]
        if key(options[-1])[1] > base_repeats:
            # Partners still repeat (tight history, no design): look for unique
            # partners first, then improve the rest from there.
            unique = anneal(seats, PARTNERS_FIRST)
            options += [unique, anneal(unique, WEIGHTS)]
        for option in options:
            if best is None or key(option) < best[0]:
                best = key(option), option, sitters

    for unfair, _, (seats, sitters) in plans:
        if unfair and best is not None and best[0][0] == 1:
            break  # an unfair start is only worth it for unique partners
        consider(seats, sitters, unfair)
    if best[0][1] > base_repeats:
        # The queue's sit-outs left no way round a repeat: choose sit-outs and
        # partners together (None when no fair repeat-free plan was found).
        counts = (n, list(base_p), list(base_o))
        joint = rotation_plans.joint_plan(n_cur, n_new, n_sit, three, played, index, rng, counts)
        if joint is not None:
            consider(*joint, False)
    _, seats, sitters = best

    start = max((r.number for r in played), default=0) + 1
    new_rounds = []
    for k, (seat, out) in enumerate(zip(seats, sitters, strict=True)):
        tables = []
        for t in range(0, len(seat), 4):
            ns = tuple(ids[x] for x in seat[t : t + 2] if x >= 0)
            ew = tuple(ids[x] for x in seat[t + 2 : t + 4] if x >= 0)
            if len(ns) < len(ew):
                ns, ew = ew, ns
            tables.append(Table(number=t // 4 + 1, ns=ns, ew=ew))
        new_rounds.append(
            Round(number=start + k, tables=tuple(tables), sitting_out=tuple(ids[x] for x in out))
        )
    return list(played) + new_rounds


def _seats_of(rnd: Round, index: dict) -> list[int]:
    seat = []
    for table in rnd.tables:
        for side in (table.ns, table.ew):
            side = [index[p] for p in side][:2]
            seat.extend(side + [-1] * (2 - len(side)))
    return seat
