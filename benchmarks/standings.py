"""The standings page of a 500-team season with 20 weeks of results, against a trivial view.

Run from the repository root: ``python benchmarks/standings.py``. It builds a temporary
database (PostgreSQL when DATABASE_URL names one, else SQLite; dropped at the end),
builds `benchmarks.big_season`'s season (4 skill levels of 125 teams, a 20-week round
robin, every card confirmed: 4,960 fixtures, 14,880 games), publishes week 20, then times
requests through Django's test client in this process: the public standings page (a level
of the published week), the CSV export, a manager's live standings (kept per results
version: the first view after a change computes every game),
and two floors: a view returning a fixed response and a page that only renders the
site layout. It prints the medians and both ratios, and exits 1 when the public page
takes more than 5 times the trivial layout page (every page of the site renders the
layout, with a per-request CSRF token and user menu, so that is a page's floor).
"""

import argparse
import statistics
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.big_season import (  # noqa: E402
    build_big_season,
    set_up_django,
    temporary_database,
)

TARGET_RATIO = 5.0


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--teams-per-level", type=int, default=125)
    parser.add_argument("--weeks", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
    return parser.parse_args()


def _urls() -> str:
    """The project's URLs plus the two floors, as an importable module."""
    from django.http import HttpResponse
    from django.template import engines
    from django.urls import include, path

    layout = engines["django"].from_string(
        '{% extends "base.html" %}{% block content %}ok{% endblock %}'
    )

    def trivial(request):  # type: ignore[no-untyped-def]
        return HttpResponse("ok")

    def layout_page(request):  # type: ignore[no-untyped-def]
        return HttpResponse(layout.render({}, request))

    module = types.ModuleType("benchmark_urls")
    module.urlpatterns = [  # type: ignore[attr-defined]
        path("__trivial__/", trivial),
        path("__layout__/", layout_page),
        path("", include("config.urls")),
    ]
    sys.modules["benchmark_urls"] = module
    return "benchmark_urls"


def _build(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    big = build_big_season(
        levels=args.levels,
        teams_per_level=args.teams_per_level,
        weeks=args.weeks,
        publish_week=args.weeks,
    )
    print(f"season: {big.describe()}, week {args.weeks} published")
    return big.season, big.manager


def _time(client, url: str, repeat: int) -> float:  # type: ignore[no-untyped-def]
    for _ in range(3):  # warm up
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    samples = []
    for _ in range(repeat):
        began = time.perf_counter()
        client.get(url)
        samples.append(time.perf_counter() - began)
    return statistics.median(samples)


def main() -> int:
    args = _arguments()
    set_up_django()
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    settings.ROOT_URLCONF = _urls()
    with temporary_database():
        print(f"database: {connection.vendor}")
        season, manager = _build(args)
        base = f"/leagues/{season.league.slug}/{season.slug}/standings/"
        client = Client()
        public = _time(client, base, args.repeat)
        csv_export = _time(client, base + "?export=csv", args.repeat)
        trivial = _time(client, "/__trivial__/", args.repeat)
        layout = _time(client, "/__layout__/", args.repeat)
        client.force_login(manager)
        live = _time(client, base + "?week=live", args.repeat)
    rows = [
        ("floor: trivial view, fixed response", trivial),
        ("floor: trivial view, one-line page in the site layout", layout),
        (f"standings page (published week, one level of {args.teams_per_level})", public),
        ("standings CSV (all levels)", csv_export),
        ("live standings for a manager (cached per results version)", live),
    ]
    for label, seconds in rows:
        print(
            f"{label:<58} {seconds * 1000:8.2f} ms  {seconds / trivial:6.1f}x fixed "
            f"{seconds / layout:6.1f}x layout"
        )
    # Every page renders base.html (its CSRF token and user menu make it per request), so
    # the honest floor for a page is a trivial view rendering the same layout.
    ratio = public / layout
    verdict = "within" if ratio <= TARGET_RATIO else "over"
    print(
        f"standings page / trivial layout view: {ratio:.1f}x ({verdict} the "
        f"{TARGET_RATIO:.0f}x target); / fixed response: {public / trivial:.1f}x"
    )
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
