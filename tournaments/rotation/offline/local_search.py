"""Offline local search for progressive rotations stored as data.

    python -m tournaments.rotation.offline.local_search --players 20 --rounds 10 \\
        --seconds 420 --seed 1 --out tournaments/rotation/tables/n20_r10.json

(the stored 20 x 10 table came from that run; a run bounded by CPU time depends on the
machine's speed, so a rerun finds a table about as good, not the same one).

N players (a multiple of 4: nobody sits out) play R rounds. A round is a flat
seat list: seats ``4k .. 4k+3`` are table k as [north, south, east, west], so
the partner of seat s is ``s ^ 1`` and its opponents ``s ^ 2`` and ``s ^ 3``.
Objectives, in order (``Figures.key``): no pair partners twice, no pair opposes
three times, nobody meets anyone at a table three times, as few pairs as possible
oppose twice, as few pairs as possible share a table in two rounds.

Seed: R rounds of a whist design Wh(N) (partners unique, oppositions at most
two), the rounds kept being the best of many random choices. Then simulated
annealing over seat swaps, guided by a cost where each pair opposed twice costs
OPPOSED, each pair met again MET, and a repeated partnership or a third
opposition WALL; the state kept is the best by ``Figures.key`` seen on the way.
The annealing runs in cycles, each reheating from the best state so far: a
cold search stalls on the last few pairs opposed twice, and a restart from the
seed would throw away what the previous cycle reached. (A second phase that
walled the oppositions and annealed meetings alone was tried and never
improved on the cycles' result: with oppositions nearly all distinct, every
swap adds some.)

``--seconds`` is CPU time of this process, so a busy machine slows a run down
without cutting its search short; ``--moves`` stops after that many moves instead,
the same walk on any machine (the tests use it).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tournaments.rotation.designs import whist_rounds

Seats = list[list[int]]

WALL = 1_000
OPPOSED = 12  # a pair opposed twice
MET = 3  # a pair met again
MET_THRICE = 40  # a pair at one table a third time: the app ranks it before any opposition
WEIGHTS = (WALL, OPPOSED, WALL, MET, MET_THRICE)  # see cost_table
CONFLICT = (1, 1, 1, 0, 0)  # pairs whose seats most moves start from
CYCLE_SECONDS = 30.0  # the annealing reheats this often
CYCLE_MOVES = 20_000_000  # the same, for a search bounded by moves
TEMPS = (6.0, 0.4)
HOT_SHARE = 0.7  # share of moves that start from a seat in conflict
REFRESH = 400  # moves between refreshes of the seats in conflict
CLOCK = 2048  # moves between looks at the clock
SEED_TRIALS = 3000


@dataclass(frozen=True)
class Figures:
    """Pair counts of a schedule ("met": at the same table, partners or not)."""

    partner_repeats: int  # pairs partnered more than once
    opposed_thrice: int  # pairs opposed three times or more
    opposed_twice: int  # pairs opposed more than once
    met_thrice: int  # pairs at the same table in three rounds or more
    met_twice: int  # pairs at the same table in more than one round
    max_opposed: int
    max_met: int

    def key(self) -> tuple[int, int, int, int, int]:
        """Smaller is better, compared in this order: the order in which the app weighs
        a stored table against its other starts (``search.schedule_key``: the maxima,
        then the pairs again), so a table this search prefers is the one the app takes."""
        return (
            self.partner_repeats,
            self.opposed_thrice,
            self.met_thrice,
            self.opposed_twice,
            self.met_twice,
        )


def figures(n: int, seats: Seats) -> Figures:
    partners = [0] * (n * n)
    opposed = [0] * (n * n)
    for seat in seats:
        for s, x in enumerate(seat):
            partners[x * n + seat[s ^ 1]] += 1
            opposed[x * n + seat[s ^ 2]] += 1
            opposed[x * n + seat[s ^ 3]] += 1
    met = [p + o for p, o in zip(partners, opposed, strict=True)]
    return Figures(
        partner_repeats=sum(c > 1 for c in partners) // 2,
        opposed_thrice=sum(c > 2 for c in opposed) // 2,
        opposed_twice=sum(c > 1 for c in opposed) // 2,
        met_thrice=sum(c > 2 for c in met) // 2,
        met_twice=sum(c > 1 for c in met) // 2,
        max_opposed=max(opposed),
        max_met=max(met),
    )


def rank_table(n: int, k: int) -> list[int]:
    """A pair's share of one int that orders schedules as ``Figures.key`` does
    (each count is below n * n, so a weight of (n * n) ** place keeps the order)."""
    base = n * n
    table = []
    for p in range(k):
        for o in range(k):
            flags = (p > 1, o > 2, p + o > 2, o > 1, p + o > 1)
            table.append(sum(base ** (4 - i) for i, flag in enumerate(flags) if flag))
    return table


def cost_table(k: int, weights: tuple[int, int, int, int, int]) -> list[int]:
    """Cost of a pair partnered P and opposed O times, at index ``P * k + O``."""
    w_partner, w_opp2, w_opp3, w_met2, w_met3 = weights
    table = []
    for p in range(k):
        for o in range(k):
            cost = w_partner * max(0, p - 1) + w_opp2 * max(0, o - 1) + w_opp3 * max(0, o - 2)
            cost += w_met2 * max(0, p + o - 1) + w_met3 * max(0, p + o - 2)
            table.append(cost)
    return table


def seed_rounds(n: int, rounds: int, rng: random.Random) -> Seats:
    """R rounds of Wh(n), the choice with the best figures among random ones; a
    random seating when no design is known or R exceeds the design's rounds."""
    design = whist_rounds(n)
    if design is None or len(design) < rounds or n % 4:
        players = list(range(n))
        out = []
        for _ in range(rounds):
            rng.shuffle(players)
            out.append(list(players))
        return out
    flat = [[x for table in rnd for x in table] for rnd in design]
    best: Seats = flat[:rounds]
    best_key = figures(n, best).key()
    for _ in range(SEED_TRIALS):
        chosen = [flat[i] for i in sorted(rng.sample(range(len(flat)), rounds))]
        key = figures(n, chosen).key()
        if key < best_key:
            best, best_key = chosen, key
    return [list(seat) for seat in best]


def anneal(
    n: int,
    seats: Seats,
    weights: tuple[int, int, int, int, int],
    temps: tuple[float, float],
    seconds: float,
    rng: random.Random,
    max_moves: int | None = None,
) -> tuple[Seats, int, int]:
    """Anneal a copy of ``seats`` for ``seconds`` of CPU time, or ``max_moves`` moves
    when given (the same walk whatever the machine's load); return (best seats, best
    rank, moves tried). The temperature falls geometrically with the time or moves
    spent. ``weights`` guide the walk; the best state kept is the best by
    ``Figures.key`` (``rank_table``), which the weights only approximate.

    Two moves: swap two players of different tables of a round (each takes the
    other's seat), or swap two players of one table who are not partners (the
    table's partnerships are split the other way). Most moves start from a seat
    in conflict: one with a table-mate it partnered or opposed once too often."""
    k = len(seats) + 2
    table = cost_table(k, weights)
    conflict = cost_table(k, CONFLICT)
    ranks = rank_table(n, k)
    size = len(table)

    def step_deltas(step: int) -> list[int]:
        return [table[c + step] - table[c] if 0 <= c + step < size else WALL for c in range(size)]

    gain_p, lose_p = step_deltas(k), step_deltas(-k)
    gain_o, lose_o = step_deltas(1), step_deltas(-1)
    p_to_o, o_to_p = step_deltas(1 - k), step_deltas(k - 1)
    seats = [list(seat) for seat in seats]
    rounds = len(seats)
    state = [0] * (n * n)  # P * k + O for every ordered pair
    for seat in seats:
        for s, x in enumerate(seat):
            state[x * n + seat[s ^ 1]] += k
            state[x * n + seat[s ^ 2]] += 1
            state[x * n + seat[s ^ 3]] += 1
    rank = sum(ranks[state[x * n + y]] for x in range(n) for y in range(x + 1, n))
    best, best_rank, unsaved = [list(seat) for seat in seats], rank, False
    rand, exp = rng.random, math.exp
    t_hot, t_cold = temps
    temp = t_hot
    start = time.process_time()
    hot: list[tuple[int, int]] = []
    moves = 0
    while True:
        if moves % CLOCK == 0:
            if max_moves is not None:
                done = moves / max_moves if max_moves > 0 else 1.0
            else:
                done = (time.process_time() - start) / seconds if seconds > 0 else 1.0
            if done >= 1.0 or best_rank == 0:
                break
            temp = t_hot * (t_cold / t_hot) ** done
        if moves % REFRESH == 0:
            hot = [
                (r, s)
                for r, seat in enumerate(seats)
                for s, x in enumerate(seat)
                if conflict[state[x * n + seat[s ^ 1]]]
                or conflict[state[x * n + seat[s ^ 2]]]
                or conflict[state[x * n + seat[s ^ 3]]]
            ]
        moves += 1
        if hot and rand() < HOT_SHARE:
            r, i = hot[int(rand() * len(hot))]
        else:
            r, i = int(rand() * rounds), int(rand() * n)
        j = int(rand() * n)
        if i >> 1 == j >> 1:
            continue
        seat = seats[r]
        p, q = seat[i], seat[j]
        pn, qn = p * n, q * n
        a1, b1 = seat[i ^ 1], seat[j ^ 1]
        if i >> 2 != j >> 2:
            a2, a3, b2, b3 = seat[i ^ 2], seat[i ^ 3], seat[j ^ 2], seat[j ^ 3]
            changes = (
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
            )
            delta = (
                lose_p[state[pn + a1]]
                + lose_o[state[pn + a2]]
                + lose_o[state[pn + a3]]
                + gain_p[state[pn + b1]]
                + gain_o[state[pn + b2]]
                + gain_o[state[pn + b3]]
                + lose_p[state[qn + b1]]
                + lose_o[state[qn + b2]]
                + lose_o[state[qn + b3]]
                + gain_p[state[qn + a1]]
                + gain_o[state[qn + a2]]
                + gain_o[state[qn + a3]]
            )
        else:
            # p and q sit across: p-a1 and q-b1 become opponents, p-b1 and q-a1 partners.
            changes = ((p, a1, 1 - k), (q, b1, 1 - k), (p, b1, k - 1), (q, a1, k - 1))
            delta = (
                p_to_o[state[pn + a1]]
                + p_to_o[state[qn + b1]]
                + o_to_p[state[pn + b1]]
                + o_to_p[state[qn + a1]]
            )
        if delta > 0 and rand() >= exp(-delta / temp):
            continue
        rank_delta = 0
        for x, y, step in changes:
            old = state[x * n + y]
            rank_delta += ranks[old + step] - ranks[old]
        if rank_delta > 0 and unsaved:  # leaving the best state: keep a copy first
            best, unsaved = [list(s) for s in seats], False
        for x, y, step in changes:
            state[x * n + y] += step
            state[y * n + x] += step
        seat[i], seat[j] = q, p
        rank += rank_delta
        if rank < best_rank:
            best_rank, unsaved = rank, True
    if unsaved:
        best = [list(s) for s in seats]
    return best, best_rank, moves


def search(
    n: int,
    rounds: int,
    seconds: float,
    rng: random.Random,
    log=None,
    max_moves: int | None = None,
) -> tuple[Seats, Figures, int]:
    """The best schedule found in about ``seconds`` of CPU time, or in ``max_moves``
    moves when given (repeatable): (seats, figures, moves tried)."""
    deadline = time.process_time() + seconds
    best = seed_rounds(n, rounds, rng)
    best_key = figures(n, best).key()
    if log:
        log(f"seed: {figures(n, best)}")
    total_moves = 0
    while True:
        if max_moves is not None:
            if total_moves >= max_moves:
                break
            budget = {"max_moves": min(CYCLE_MOVES, max_moves - total_moves)}
            cycle_seconds = 0.0
        else:
            if (left := deadline - time.process_time()) <= 0:
                break
            budget, cycle_seconds = {}, min(CYCLE_SECONDS, left)
        found, _, moves = anneal(n, best, WEIGHTS, TEMPS, cycle_seconds, rng, **budget)
        total_moves += moves
        key = figures(n, found).key()
        if key <= best_key:
            best, best_key = found, key
        if log:
            log(f"cycle: {figures(n, found)}; best {best_key}")
    return best, figures(n, best), total_moves


def to_json(n: int, seats: Seats) -> dict:
    fig = figures(n, seats)
    return {
        "players": n,
        "rounds": len(seats),
        "claims": {
            "partners_unique": fig.partner_repeats == 0,
            "pairs_opposed_twice_at_most": fig.opposed_twice,
            "max_opposed": max(2, fig.max_opposed),
            "max_table_meetings": max(2, fig.max_met),
        },
        "rounds_seats": [[seat[t : t + 4] for t in range(0, n, 4)] for seat in seats],
    }


def dumps(data: dict) -> str:
    """The JSON text of ``to_json``'s dict, one round a line (readable diffs)."""
    head = {key: value for key, value in data.items() if key != "rounds_seats"}
    rounds = ",\n".join("  " + json.dumps(rnd) for rnd in data["rounds_seats"])
    return json.dumps(head)[:-1] + ', "rounds_seats": [\n' + rounds + "\n]}\n"


def from_json(data: dict) -> Seats:
    return [[x for table in rnd for x in table] for rnd in data["rounds_seats"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--moves", type=int, help="stop after this many moves, not seconds")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--force", action="store_true", help="replace a better stored table")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    n, rounds = args.players, args.rounds
    if n % 4 or n < 8 or rounds < 1:
        parser.error("players must be a multiple of 4 (at least 8) and rounds positive")

    def log(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    wall, cpu = time.monotonic(), time.process_time()
    seats, fig, moves = search(
        n, rounds, args.seconds, random.Random(args.seed), log, max_moves=args.moves
    )
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    print(f"{n} x {rounds}: {fig}; {cpu:.0f} s CPU ({wall:.0f} s wall), {moves} moves")
    if args.out.exists() and not args.force:
        stored = json.loads(args.out.read_text())
        if stored.get("players") == n and stored.get("rounds") == rounds:
            kept = figures(n, from_json(stored))
            if kept.key() < fig.key():
                print(f"kept {args.out}, which is better: {kept}")
                return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps(to_json(n, seats)))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
