"""A big published season built in seconds, for the benchmarks (and anything timing pages).

`build_big_season()` writes, with bulk inserts: a league with one venue of numbered
tables, a season whose schedule is published, `levels` skill levels of `teams_per_level`
teams playing a `weeks`-week round robin (every fixture at a table, every game with a
confirmed card, the last night a week ago), a league manager, and optionally week
`weeks` of standings published. The defaults are the size the league's performance
targets are set at: 500 teams, 20 weeks, 4,960 fixtures, 14,880 confirmed games.

Call it after `set_up_django()`, inside a database of your own: `temporary_database()`
makes and drops one (PostgreSQL when DATABASE_URL names one, else SQLite). A load test
that serves the season with gunicorn builds it into the database gunicorn will use:
``python benchmarks/big_season.py [--slug bench]`` writes it into DATABASE_URL's database
(migrated first: ``manage.py migrate``) and prints its pages; the manager signs in with
`PASSWORD`.

    from benchmarks.big_season import build_big_season, set_up_django, temporary_database
    set_up_django()
    with temporary_database():
        big = build_big_season()
        ... big.season, big.manager, big.teams ...
"""

from __future__ import annotations

import contextlib
import datetime
import os
import sys
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PASSWORD = "benchmark-password-not-a-secret"


def set_up_django() -> None:
    """Production-like settings (DEBUG off) over plain HTTP, quiet logs."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.conf import settings

    # Plain static storage: no collectstatic manifest is needed to render pages here.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # The test client's host; the test environment isn't set up, as its instrumented
    # template rendering (a signal and a copied context per template) would be timed too.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    warnings.filterwarnings("ignore", message="No directory at")  # no collectstatic run


@contextlib.contextmanager
def temporary_database() -> Iterator[str]:
    """A fresh copy of the configured database (migrated), dropped on the way out."""
    from django.db import connection

    original = connection.settings_dict["NAME"]
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield name
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)


@dataclass
class BigSeason:
    season: Any  # league.seasons.models.Season
    teams: list[Any]
    manager: Any  # a user managing the season's league (password PASSWORD)
    seconds: float  # how long the build took

    def describe(self) -> str:
        fixtures = self.season.fixtures.count()
        games = self.season.fixtures.filter(away__isnull=False).count() * 3
        return (
            f"{len(self.teams)} teams, {self.season.weeks} weeks, {fixtures} fixtures, "
            f"{games} confirmed games (built in {self.seconds:.1f} s)"
        )


def build_big_season(
    *,
    levels: int = 4,
    teams_per_level: int = 125,
    weeks: int = 20,
    publish_week: int | None = None,
    slug: str = "bench",
) -> BigSeason:
    """The season described above; `publish_week` publishes that week's standings."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from accounts.models import RoleName, Scope
    from accounts.services import role_grant
    from league.demo.results import bulk_season
    from league.seasons.models import League, Season, Table, Venue
    from league.standings.services import standings_publish

    began = time.perf_counter()
    start = timezone.localdate() - datetime.timedelta(weeks=weeks)
    league = League.objects.create(name=f"Benchmark League {slug}", slug=slug)
    season = Season.objects.create(
        league=league,
        name="Big Season",
        slug="big",
        starts_on=start,
        league_night=start.weekday(),
        weeks=weeks,
        schedule_state=Season.ScheduleState.PUBLISHED,
        schedule_published_at=timezone.now(),
    )
    venue = Venue.objects.create(league=league, name="The Hall")
    season.venues.add(venue)
    per_week = levels * (teams_per_level // 2)
    tables = Table.objects.bulk_create(
        Table(venue=venue, name=f"Table {n}", position=n) for n in range(1, per_week + 1)
    )
    for table in tables:
        table.venue = venue
    teams = bulk_season(
        season, levels=levels, teams_per_level=teams_per_level, weeks=weeks, tables=tables
    )
    manager = get_user_model().objects.create_user(f"{slug}-manager", password=PASSWORD)
    role_grant(user=manager, role=RoleName.MANAGER, scope_kind=Scope.LEAGUE, scope_id=league.pk)
    if publish_week is not None:
        standings_publish(season=season, week=publish_week, by=manager)
    season.refresh_from_db()
    return BigSeason(season, teams, manager, time.perf_counter() - began)


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Build the big season into DATABASE_URL's.")
    parser.add_argument("--slug", default="bench", help="the league's slug (and its name)")
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--teams-per-level", type=int, default=125)
    parser.add_argument("--weeks", type=int, default=20)
    args = parser.parse_args()
    set_up_django()
    from django.db import transaction

    from league.seasons.models import League

    if League.objects.filter(slug=args.slug).exists():
        print(f"A league {args.slug!r} is there already: give another --slug.")
        return 1
    with transaction.atomic():
        big = build_big_season(
            levels=args.levels,
            teams_per_level=args.teams_per_level,
            weeks=args.weeks,
            publish_week=args.weeks,
            slug=args.slug,
        )
    season = big.season
    base = f"/leagues/{season.league.slug}/{season.slug}/"
    print(f"season: {big.describe()}")
    print(f"pages: {base}schedule/  {base}calendar.ics  {base}standings/")
    print(f"manager: {big.manager.username} / {PASSWORD} (sign in at /accounts/login/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
