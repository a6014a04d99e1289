"""The load test's database: made anew for a run, or kept built for the next one (``--reuse``).

A build that finished leaves a mark on the database (PostgreSQL's comment on it) naming
what was built: the sizes, the day (the season's nights are placed around the day of the
build) and a digest of the builders' code. ``--reuse`` skips the build when the mark is
the one this run would leave; anything else (another size, another day, a builder
changed, a build that stopped half-way and left no mark) drops the database and builds
it again. Migrations are applied either way.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

BUILDERS = ("big_season.py", "big_event.py", "big_club.py")
_HERE = Path(__file__).resolve().parent


def _name(url: str) -> str:
    name = urlsplit(url).path.lstrip("/")
    if "load" not in name or not re.fullmatch(r"[a-z0-9_]+", name):
        raise SystemExit(f"Refusing to drop {name!r}: the load test's database has 'load' in it.")
    return name


def _maintenance(url: str) -> Any:
    import psycopg

    return psycopg.connect(urlunsplit(urlsplit(url)._replace(path="/postgres")), autocommit=True)


def recreate(url: str, *, drop_only: bool = False) -> None:
    """Drop the load test's database and (unless `drop_only`) make it anew."""
    name = _name(url)
    with _maintenance(url) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            connection.execute(f'CREATE DATABASE "{name}"')


def build_mark(sizes: dict[str, Any], today: datetime.date | None = None) -> str:
    """What a finished build of `sizes` leaves on the database today."""
    code = hashlib.sha256(b"".join((_HERE / name).read_bytes() for name in BUILDERS))
    day = (today or datetime.date.today()).isoformat()
    return f"euchre load test built {day} {sorted(sizes.items())} {code.hexdigest()[:16]}"


def mark_built(url: str, mark: str) -> None:
    name = _name(url)
    with _maintenance(url) as connection:
        quoted = mark.replace("'", "''")
        connection.execute(f"COMMENT ON DATABASE \"{name}\" IS '{quoted}'")


def is_built(url: str, mark: str) -> bool:
    """Whether the database is there with exactly this build's mark."""
    name = _name(url)
    with _maintenance(url) as connection:
        row = connection.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
            [name],
        ).fetchone()
    return row is not None and row[0] == mark


def found() -> tuple[Any, Any, Any]:
    """The season, the event and the club a finished build left (Django set up): the
    builders' own records, found by the names they gave them."""
    from django.contrib.auth import get_user_model

    from benchmarks.big_club import BigClub
    from benchmarks.big_event import BigEvent
    from benchmarks.big_season import BigSeason
    from league.models import Player
    from league.seasons.models import Season, Team
    from people.models import GameLine, Series
    from tournaments.models import Tournament

    users = get_user_model().objects
    season = Season.objects.select_related("league").get(league__slug="bench", slug="big")
    teams = list(Team.objects.filter(season=season).order_by("pk"))
    regular = Player.objects.get(name="Club Regular")
    return (
        BigSeason(season, teams, users.get(username="bench-manager"), 0.0),
        BigEvent(
            Tournament.objects.get(slug="big-progressive"), users.get(username="big-director"), 0.0
        ),
        BigClub(
            regular,
            Series.objects.get(name="Benchmark Ladder club"),
            users.get(username="club-director"),
            GameLine.objects.filter(player=regular).count(),
            0.0,
        ),
    )
