"""Time a big season: 1,000 teams (two levels of 500), 30 weeks, 1,000 tables.

Run from the repository root: ``python benchmarks/schedule.py``.
"""

import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.seasons.scheduling import generate_schedule  # noqa: E402

BUDGET_SECONDS = 2.0


def main() -> int:
    teams = {
        "A": [f"A{i:03d}" for i in range(500)],
        "B": [f"B{i:03d}" for i in range(500)],
    }
    tables = [f"T{i:04d}" for i in range(1000)]
    blackouts = {date(2025, 1, 20), date(2025, 2, 17)}
    began = time.perf_counter()
    fixtures = generate_schedule(teams, 30, date(2025, 1, 6), blackouts, tables)
    elapsed = time.perf_counter() - began
    games = sum(not f.is_bye for f in fixtures)
    print(
        f"generate_schedule: 1000 teams, 30 weeks, 1000 tables: {elapsed:.3f} s, "
        f"{len(fixtures)} fixtures ({games} games, {len(fixtures) - games} byes)"
    )
    return 0 if elapsed < BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
