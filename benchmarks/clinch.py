"""Clinch and elimination for a big season: 4 levels of 125 teams with 10 weeks left.

Run from the repository root: ``python benchmarks/clinch.py [--quick]``. Builds seeded
random seasons (each team a strength; the weeks played give the current totals, every
remaining week pairs the level's teams at random, 3 games a fixture) and times
``algorithms.clinch.clinch_status`` per level, for first place (the default: every team
makes the playoffs) and for a top 8, at several points of the season; then the 20-team
level with 40 fixtures left. A floor is measured in the same run: the trivial part of
any answer, each team's best total (games won plus games left) and the level sorted by
it. It prints wall clock and cpu (the process's own time, which a busy machine does not
inflate), the states found, the ratio to the floor, and exits 1 when the four levels of
the 10-weeks-left season take 1 second or more for either number of places.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from algorithms.clinch import clinch_status  # noqa: E402

TARGET_SECONDS = 1.0
GAMES = 3


@dataclass(frozen=True)
class Level:
    won: dict[int, int]
    remaining: list[tuple[int, int, int]]


def make_level(teams: int, played: int, left: int, seed: int) -> Level:
    """A level after ``played`` weeks with ``left`` to go (random pairings each week)."""
    rng = random.Random(seed)
    strength = [rng.random() for _ in range(teams)]
    won = dict.fromkeys(range(teams), 0)
    remaining = []
    for week in range(played + left):
        order = list(range(teams))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):  # an odd team out has a bye
            if week >= played:
                remaining.append((a, b, GAMES))
                continue
            chance = strength[a] / (strength[a] + strength[b] + 1e-9)
            to_a = sum(rng.random() < chance for _ in range(GAMES))
            won[a] += to_a
            won[b] += GAMES - to_a
    return Level(won, remaining)


def floor(levels: list[Level]) -> list[list[int]]:
    """Each team's best total and the level in that order: what any answer has to do."""
    orders = []
    for level in levels:
        best = dict(level.won)
        for a, b, games in level.remaining:
            best[a] += games
            best[b] += games
        orders.append(sorted(best, key=best.__getitem__, reverse=True))
    return orders


def _timed(work):  # type: ignore[no-untyped-def]
    began, cpu_began = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - began, time.process_time() - cpu_began


def _machine(label: str) -> None:
    cores, load = os.cpu_count() or 1, os.getloadavg()[0]
    state = "BUSY with other work" if load >= cores / 2 else "quiet"
    print(f"machine {label}: {cores} cores, load average {load:.1f} ({state})")


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--teams-per-level", type=int, default=125)
    parser.add_argument("--weeks", type=int, default=20, help="weeks in the season")
    parser.add_argument("--left", type=int, default=10, help="weeks still to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a small season (for the tests)")
    return parser.parse_args()


def run(args: argparse.Namespace) -> bool:
    teams = 12 if args.quick else args.teams_per_level
    levels_count = 2 if args.quick else args.levels
    weeks, left = (6, 3) if args.quick else (args.weeks, args.left)
    within = True
    for label, week_left, check in (
        (f"{left} weeks left", left, True),
        ("2 weeks left", min(2, left), False),
        ("the last week", 1, False),
    ):
        levels = [
            make_level(teams, weeks - week_left, week_left, args.seed + n)
            for n in range(levels_count)
        ]
        _, floor_seconds, _ = _timed(lambda levels=levels: floor(levels))
        fixtures = sum(len(level.remaining) for level in levels)
        shape = f"{levels_count} levels of {teams} teams, {label}"
        print(f"{shape} ({fixtures} fixtures of {GAMES} games):")
        for places in (1, 8):
            states, seconds, cpu = _timed(
                lambda levels=levels, places=places: [
                    clinch_status(level.won, level.remaining, places) for level in levels
                ]
            )
            counts = Counter(state for level in states for state in level.values())
            shown = ", ".join(f"{counts[s]} {s}" for s in ("clinched", "eliminated", "alive"))
            print(
                f"  top {places}: {seconds:7.3f} s  cpu {cpu:.3f}  "
                f"({seconds / max(floor_seconds, 1e-9):,.0f}x the floor of "
                f"{floor_seconds * 1000:.2f} ms)  {shown}"
            )
            if check and seconds >= TARGET_SECONDS:
                within = False
    small = make_level(20, 15 if not args.quick else 4, 4, args.seed)  # 4 weeks: 40 fixtures
    for places in (1, 4):
        _, seconds, cpu = _timed(
            lambda places=places: clinch_status(small.won, small.remaining, places)
        )
        print(
            f"one level of 20 teams, {len(small.remaining)} fixtures left, top {places}: "
            f"{seconds * 1000:7.2f} ms  cpu {cpu * 1000:.2f} ms"
        )
    return within


def main() -> int:
    args = _arguments()
    _machine("before the run")
    within = run(args)
    verdict = "within" if within else "over"
    print(f"clinch_status, {args.left} weeks left: {verdict} the {TARGET_SECONDS:.0f} s target")
    _machine("after the run")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
