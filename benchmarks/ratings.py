"""Rating a big history: 20,000 seeded random 2v2 games among 600 players.

Run from the repository root: ``python benchmarks/ratings.py [--games N] [--players N]``.
Times ``algorithms.ratings.rate_games`` over every game (a rebuild from scratch, the
worst case of re-rating) against a floor measured in the same run: a plain loop over the
same games in played order that only counts each player's games. It prints wall clock
and cpu (the process's own time, which a busy machine does not inflate), the ratio to the
floor, and exits 1 when the rating takes 5 seconds or more. The output says when the
machine was busy with other work.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from algorithms.ratings import RatedGame, display_value, rate_games  # noqa: E402

TARGET_SECONDS = 5.0


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--database",
        action="store_true",
        help="also rebuild the ratings of that many confirmed games in a database of its own "
        "(DATABASE_URL's server, else SQLite): the history points and current ratings",
    )
    return parser.parse_args()


def make_games(count: int, players: int, seed: int = 0) -> list[RatedGame]:
    """Seeded 2v2 games to 10 (a side wins 10 to 0-9, now and then a tie), in shuffled order."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 6, 19, 0)
    games = []
    for n in range(count):
        a1, a2, b1, b2 = rng.sample(range(1, players + 1), 4)
        loser = rng.randint(0, 10)
        points = (10, loser) if rng.random() < 0.5 else (loser, 10)
        played_at = start + timedelta(minutes=n // 50 * 20)  # 50 tables a round: many ties
        games.append(RatedGame((a1, a2), (b1, b2), *points, played_at))
    rng.shuffle(games)  # rate_games puts them in played order itself
    return games


def floor(games: list[RatedGame]) -> dict[int, int]:
    """The same games in the same order, only counting each player's games."""
    counts: dict[int, int] = {}
    for game in sorted(games, key=lambda g: g.played_at):
        for player in (*game.side_a, *game.side_b):
            counts[player] = counts.get(player, 0) + 1
    return counts


def _timed(work, games):  # type: ignore[no-untyped-def]
    began, cpu_began = time.perf_counter(), time.process_time()
    result = work(games)
    return result, time.perf_counter() - began, time.process_time() - cpu_began


def _busy(label: str) -> None:
    cores, load = os.cpu_count() or 1, os.getloadavg()[0]
    state = "BUSY with other work" if load >= cores / 2 else "quiet"
    print(f"machine {label}: {cores} cores, load average {load:.1f} ({state})")


def main() -> int:
    args = _arguments()
    _busy("before the run")
    games = make_games(args.games, args.players, args.seed)
    counts, floor_seconds, floor_cpu = _timed(floor, games)
    ratings, seconds, cpu = _timed(rate_games, games)
    assert {p: r.games for p, r in ratings.items()} == counts
    shown = sorted(display_value(r) for r in ratings.values())
    print(f"{len(games):,} games (2v2) among {len(ratings):,} players")
    print(f"{'floor: a plain loop counting games':<40} {floor_seconds:8.3f} s  cpu {floor_cpu:.3f}")
    print(f"{'rate_games (openskill Plackett-Luce)':<40} {seconds:8.3f} s  cpu {cpu:.3f}")
    print(
        f"per game {seconds / len(games) * 1e6:.0f} us, "
        f"{seconds / floor_seconds:.0f}x the floor; shown ratings {shown[0]} to {shown[-1]}"
    )
    within = seconds < TARGET_SECONDS
    verdict = "within" if within else "over"
    print(f"rate_games: {seconds:.3f} s ({verdict} the {TARGET_SECONDS:.0f} s target)")
    if args.database:
        within = _database_rebuild(args) and within
    _busy("after the run")
    return 0 if within else 1


def _database_rebuild(args: argparse.Namespace) -> bool:
    """`manage.py rebuild_ratings` over real cards: lines from the cards, then the ratings."""
    from benchmarks.big_season import set_up_django, temporary_database

    set_up_django()
    from django.contrib.auth import get_user_model

    from benchmarks.big_club import build_regular_games
    from league.models import Player
    from people.services import ratings as service
    from people.services.lines import game_lines_rebuild

    with temporary_database() as name:
        by = get_user_model().objects.create_user("bench-director")
        regular = Player.objects.create(name="Regular")
        pool = Player.objects.bulk_create(Player(name=f"P{n}") for n in range(args.players))
        build_regular_games(player=regular, pool=pool, games=args.games, by_hand=0, by=by)
        lines, lines_seconds, _ = _timed(lambda _: game_lines_rebuild(), None)
        rated, seconds, cpu = _timed(lambda _: service._rerate(None), None)
    print(f"in the database ({name.rsplit('/', 1)[-1]}): {args.games:,} confirmed cards")
    print(f"{'game lines from the cards':<40} {lines_seconds:8.3f} s  ({lines:,} lines)")
    print(f"{'ratings: history points and current':<40} {seconds:8.3f} s  cpu {cpu:.3f}")
    within = seconds < TARGET_SECONDS
    verdict = "within" if within else "over"
    print(f"ratings rebuild of {rated:,} games: {seconds:.3f} s ({verdict} the target)")
    return within


if __name__ == "__main__":
    sys.exit(main())
