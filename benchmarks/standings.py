"""The standings page of a 500-team season with 20 weeks of results, against a trivial view.

Run from the repository root: ``python benchmarks/standings.py``. It builds a temporary
database (PostgreSQL when DATABASE_URL names one, else SQLite; dropped at the end),
generates 4 skill levels of 125 teams playing a 20-week round robin with every card
confirmed (5,000 fixtures, 15,000 games), publishes week 20, then times requests through
Django's test client in this process: the public standings page (a level of the
published week), the CSV export, a manager's live standings (computed from every game),
and two floors: a view returning a fixed response and a page that only renders the
site layout. It prints the medians and both ratios, and exits 1 when the public page
takes more than 5 times the trivial layout page (every page of the site renders the
layout, with a per-request CSRF token and user menu, so that is a page's floor).
"""

import argparse
import os
import statistics
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGET_RATIO = 5.0


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--teams-per-level", type=int, default=125)
    parser.add_argument("--weeks", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
    return parser.parse_args()


def _set_up() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()


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
    import datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from accounts.permissions import MANAGERS_GROUP
    from league.demo.results import bulk_season
    from league.seasons.models import League, Season
    from league.standings.services import standings_publish

    start = timezone.localdate() - datetime.timedelta(weeks=args.weeks)
    league = League.objects.create(name="Benchmark League", slug="bench")
    season = Season.objects.create(
        league=league,
        name="Big Season",
        slug="big",
        starts_on=start,
        league_night=start.weekday(),
        weeks=args.weeks,
        schedule_state=Season.ScheduleState.PUBLISHED,
        schedule_published_at=timezone.now(),
    )
    began = time.perf_counter()
    teams = bulk_season(
        season, levels=args.levels, teams_per_level=args.teams_per_level, weeks=args.weeks
    )
    built = time.perf_counter() - began
    manager = get_user_model().objects.create_user("bench-manager")
    manager.groups.add(Group.objects.get(name=MANAGERS_GROUP))
    began = time.perf_counter()
    standings_publish(season=season, week=args.weeks, by=manager)
    published = time.perf_counter() - began
    print(
        f"season: {len(teams)} teams, {season.fixtures.count()} fixtures, "
        f"{season.fixtures.count() * 3} games (built in {built:.1f} s, week {args.weeks} "
        f"published in {published:.2f} s)"
    )
    return season, manager


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
    _set_up()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    settings.ROOT_URLCONF = _urls()
    # Plain static storage: no collectstatic manifest is needed to render pages here.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    original = connection.settings_dict["NAME"]
    print(f"database: {connection.vendor} (temporary copy of {original})")
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        season, manager = _build(args)
        base = f"/leagues/{season.league.slug}/{season.slug}/standings/"
        client = Client()
        public = _time(client, base, args.repeat)
        csv_export = _time(client, base + "?export=csv", args.repeat)
        trivial = _time(client, "/__trivial__/", args.repeat)
        layout = _time(client, "/__layout__/", args.repeat)
        client.force_login(manager)
        live = _time(client, base + "?week=live", max(args.repeat // 3, 3))
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)
        teardown_test_environment()
    rows = [
        ("floor: trivial view, fixed response", trivial),
        ("floor: trivial view, one-line page in the site layout", layout),
        (f"standings page (published week, one level of {args.teams_per_level})", public),
        ("standings CSV (all levels)", csv_export),
        ("live standings for a manager (every game)", live),
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
