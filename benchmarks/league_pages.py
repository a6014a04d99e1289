"""A 500-team season's heavy pages against the sign-in page, served by the same process.

Run from the repository root: ``python benchmarks/league_pages.py``. It builds a temporary
database (PostgreSQL when DATABASE_URL names one, else SQLite; dropped at the end) holding
`benchmarks.big_season`'s season (500 teams, 20 weeks, 4,960 fixtures at tables, 14,880
confirmed games, week 20 published), then times requests through Django's test client
(every middleware runs; no network): the season's and a team's calendars (plain, gzip,
and a conditional GET answered 304), the schedule page (its default view, one team, one
week, a manager's), the schedule and standings CSVs, the public standings page and a
manager's live standings.

The machine these run on is shared and noisy, so absolute times mean little: each page is
reported as a ratio to the sign-in page (a form in the site layout, the cheapest real
page) measured in the same run, interleaved with it. Exits 1 when a page misses its target
ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.big_season import (  # noqa: E402
    build_big_season,
    set_up_django,
    temporary_database,
)


@dataclass
class Page:
    label: str
    url: str
    target: float | None  # times the sign-in page, None: shown only
    manager: bool = False
    headers: dict[str, str] | None = None
    status: int = 200


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--teams-per-level", type=int, default=125)
    parser.add_argument("--weeks", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
    parser.add_argument("--only", default="", help="time only pages whose label has this text")
    return parser.parse_args()


def _pages(big) -> list[Page]:  # type: ignore[no-untyped-def]
    from django.test import Client
    from django.urls import reverse

    season = big.season
    slugs = [season.league.slug, season.slug]
    ics = reverse("league:season_calendar", args=slugs)
    team = big.teams[0]
    team_ics = reverse("league:team_calendar", args=[team.pk])
    schedule = reverse("league:season_schedule", args=slugs)
    standings = reverse("league:season_standings", args=slugs)
    etag = Client().get(ics).get("ETag", "")
    gzip = {"Accept-Encoding": "gzip"}
    return [
        Page("season calendar (.ics)", ics, 10),
        Page("season calendar, gzip", ics, 10, headers=gzip),
        Page(
            "season calendar, conditional (304)",
            ics,
            10,
            headers={"If-None-Match": etag},
            status=304 if etag else 200,
        ),
        Page("team calendar (.ics)", team_ics, 10),
        Page("schedule page (default view)", schedule, 5),
        Page("schedule page, one team", f"{schedule}?team={team.pk}", 5),
        Page("schedule page, one week (248 fixtures)", f"{schedule}?week=10", 5),
        Page("schedule page, a manager's", schedule, 5, manager=True),
        Page("schedule CSV (whole season)", f"{schedule}?export=csv", 10),
        Page("standings page (published week)", standings, 5),
        Page("standings CSV (published week)", f"{standings}?export=csv", 5),
        # A signed-in page's own floor (session, user, roles, the menu), for comparison.
        Page("sign-in page, as a signed-in manager", "/accounts/login/", None, manager=True),
        Page("live standings (manager)", f"{standings}?week=live", 5, manager=True),
        Page("live standings CSV (manager)", f"{standings}?week=live&export=csv", 5, manager=True),
    ]


def _once(client, page: Page) -> float:  # type: ignore[no-untyped-def]
    headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in (page.headers or {}).items()}
    began = time.perf_counter()
    response = client.get(page.url, **headers)
    elapsed = time.perf_counter() - began
    assert response.status_code == page.status, (page.url, response.status_code)
    return elapsed


def _measure(page: Page, floor: Page, clients: dict, repeat: int) -> tuple[list, list, int]:
    """Times of the page and of the sign-in page, requests alternating."""
    client = clients["manager" if page.manager else "anonymous"]
    for _ in range(3):  # warm up: caches filled, code paths loaded
        _once(client, page)
        _once(clients["anonymous"], floor)
    headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in (page.headers or {}).items()}
    size = len(client.get(page.url, **headers).content)
    times, floors = [], []
    for _ in range(repeat):
        times.append(_once(client, page))
        floors.append(_once(clients["anonymous"], floor))
    return times, floors, size


def main() -> int:
    args = _arguments()
    set_up_django()
    from django.db import connection
    from django.test import Client

    with temporary_database():
        print(f"database: {connection.vendor}")
        big = build_big_season(
            levels=args.levels,
            teams_per_level=args.teams_per_level,
            weeks=args.weeks,
            publish_week=args.weeks,
        )
        print(f"season: {big.describe()}")
        manager = Client()
        manager.force_login(big.manager)
        clients = {"anonymous": Client(), "manager": manager}
        floor = Page("sign-in page", "/accounts/login/", None)
        print("Each page is timed alternately with the sign-in page and compared with it: the")
        print("machine is shared and noisy, so ratios, not milliseconds, are the figure. 'ratio'")
        print("compares medians (the target's measure), 'best' the fastest of each (least noise).")
        print(
            f"{'page':<42} {'ms':>7} {'sign-in':>7} {'ratio':>7} {'best':>6} {'target':>6} "
            f"{'bytes':>9}"
        )
        missed = []
        for page in _pages(big):
            if args.only not in page.label:
                continue
            times, floors, size = _measure(page, floor, clients, args.repeat)
            seconds, floor_seconds = statistics.median(times), statistics.median(floors)
            ratio, best = seconds / floor_seconds, min(times) / min(floors)
            target = f"{page.target:.0f}x" if page.target else "-"
            mark = ""
            if page.target and ratio > page.target:
                missed.append(page.label)
                mark = "  MISSED"
            print(
                f"{page.label:<42} {seconds * 1000:7.2f} {floor_seconds * 1000:7.2f} "
                f"{ratio:6.1f}x {best:5.1f}x {target:>6} {size:>9}{mark}"
            )
    print("all targets met" if not missed else f"MISSED: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
