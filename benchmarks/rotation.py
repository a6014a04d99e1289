"""Benchmark of the progressive rotation generator: quality against targets.

Run from the repository root: ``python benchmarks/rotation.py [N ...]``.
For each N the rotation has R = min(N-1, 10) rounds. Required targets (exit code
1 when one is missed): partner_max 1; opponent_max <= 2 when N = 0 or 1 mod 4;
sit-outs fair (spread <= 1, nobody out twice before everyone once); under one
second. The lower bounds ceil(2R/(N-1)) and ceil(3R/(N-1)) are shown beside the
achieved values; "*" marks a value above its bound.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.rotation import (  # noqa: E402
    generate_rotation,
    lower_bounds,
    rotation_quality,
    sit_outs_are_fair,
)

SIZES = [8, 9, 10, 11, 12, 13, 16, 17, 20, 21, 24, 28, 30, 32, 40, 48, 64, 100, 128]
TIME_LIMIT = 1.0


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or SIZES
    header = (
        f"{'N':>4} {'R':>3} {'seconds':>8} {'partner':>8} {'opponent':>9} {'(lb)':>5}"
        f" {'meet':>5} {'(lb)':>5} {'sit_out':>8}  missed"
    )
    print(header)
    print("-" * len(header))
    all_met = True
    for n in sizes:
        rounds = min(n - 1, 10)
        players = list(range(1, n + 1))
        start = time.perf_counter()
        rotation = generate_rotation(players, rounds, seed=0)
        seconds = time.perf_counter() - start
        q = rotation_quality(players, rotation)
        opp_lb, meet_lb = lower_bounds(n, rounds)
        missed = []
        if q.partner_max != 1:
            missed.append("partner")
        if n % 4 in (0, 1) and q.opponent_max > 2:
            missed.append("opponent")
        if q.sit_out_spread > 1 or not sit_outs_are_fair(players, rotation):
            missed.append("sit-out")
        if seconds >= TIME_LIMIT:
            missed.append("time")
        all_met = all_met and not missed
        opp = f"{q.opponent_max}{'*' if q.opponent_max > opp_lb else ' '}"
        meet = f"{q.meet_max}{'*' if q.meet_max > meet_lb else ' '}"
        print(
            f"{n:>4} {rounds:>3} {seconds:>8.3f} {q.partner_max:>8} {opp:>9} {opp_lb:>5}"
            f" {meet:>5} {meet_lb:>5} {q.sit_out_spread:>8}  {', '.join(missed) or '-'}"
        )
    print("(lb) lower bound; * above it. Not every bound is reachable: opponents-once needs")
    print("about 28 players and never-meeting-twice about 48 for ten rounds.")
    print("all targets met" if all_met else "SOME TARGETS MISSED")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
