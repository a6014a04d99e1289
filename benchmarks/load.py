"""Load test over HTTP: gunicorn (2 workers) on PostgreSQL, driven by wrk over loopback.

Run from the repository root: ``python benchmarks/load.py [--quick]``. It needs wrk
(Debian: ``apt-get install -y wrk``) and a PostgreSQL server; it then

1. makes a database of its own (``euchre_load`` on DATABASE_URL's server, or the URL given
   with ``--database-url``; its name must contain "load": it is dropped and made anew),
   migrates it and collects the static files;
2. builds a 500-team season of 20 weeks (4,960 fixtures, 14,880 confirmed games, week 20
   published: `benchmarks.big_season`) and a 100-player progressive event under way
   (round 6 of 8, half its tables in: `benchmarks.big_event`); a club regular with 2,000
   games and a 300-player season ladder of 6 finished events, then every rating rebuilt
   (`benchmarks.big_club`);
3. starts gunicorn with 2 workers on a free loopback port (never 8000) and warms every
   page. More than one worker needs a shared cache: REDIS_URL's when set, else a Redis
   server of the run's own on another free port (a test run on the machine's Redis
   empties its database after every test, and pytest-xdist's processes take databases 2
   to 9: a shared database lost what the pages keep mid-run), else the machine's db 3;
4. drives each page with wrk, alternating with the sign-in page in two-second turns (ten
   seconds of each by default), and prints requests/s, the median and the 99th percentile
   of each, and how many times slower than the sign-in page it is over the same turns. The
   machine may be shared and its load swings within seconds: taking turns, both pages see
   the same load, so the ratio is the figure to read, not the absolute rate. The rate is
   the mean over the turns, the median and 99th percentile the median of the turns' own.

``--quick`` builds a small season and event and runs each page for two seconds: a smoke
run. ``--only LABEL`` (repeatable) times the sign-in page and only the pages whose label
holds LABEL (``--only profile --only ladder``); everything is built as in a full run.
``--keep`` leaves the database there afterwards. ``--reuse`` keeps it too, and skips steps
1 and 2 when it already holds a finished build of the same size, made today by the same
builders (`benchmarks.load_database`): the next run starts timing within a minute. The
pages' cache always starts empty (a Redis server of the run's own).
Exits 1 when a page misses its target ratio, 2 when wrk or PostgreSQL is missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import load_database  # noqa: E402 - after the path above
from benchmarks.wrk_runs import combined, wrk  # noqa: E402

DATABASE_URL = "postgres://postgres@127.0.0.1:5432/euchre_load"
REDIS_URL = "redis://127.0.0.1:6379/3"
TURN_SECONDS = 2  # the page and the sign-in page take turns this long
INSTALL_WRK = "wrk is missing: install it with `apt-get install -y wrk` (Debian's package)."
QUICK_CLUB = {"games": 200, "by_hand": 20, "pool": 40, "ladder_players": 40, "events": 4}
SIZES = {  # the season's levels x teams and weeks; the event's players and rounds; the club's
    "full": {"levels": 4, "teams_per_level": 125, "weeks": 20, "players": 100, "rounds": 8},
    "quick": {"levels": 2, "teams_per_level": 16, "weeks": 6, "players": 24, "rounds": 4},
}
SIZES["full"]["club"], SIZES["quick"]["club"] = {}, QUICK_CLUB  # {}: big_club's defaults


@dataclass
class Page:
    label: str
    path: str
    target: float | None  # times slower than the sign-in page at most; None: shown only
    signed_in: bool = False  # sends the manager's session cookie


@dataclass
class Built:
    season: Any  # benchmarks.big_season.BigSeason
    event: Any  # benchmarks.big_event.BigEvent
    club: Any  # benchmarks.big_club.BigClub


def build(
    *,
    levels: int = 4,
    teams_per_level: int = 125,
    weeks: int = 20,
    players: int = 100,
    rounds: int = 8,
    club: dict[str, int] | None = None,
) -> Built:
    """The season and the event the load test serves (Django set up, database migrated):
    the event's rounds played but the last three, the first of those under way with half its
    tables in; the club (`club`: build_big_club's sizes, its defaults when None) last, as
    it rebuilds every rating."""
    from django.db import transaction

    from benchmarks.big_club import build_big_club
    from benchmarks.big_event import build_big_event
    from benchmarks.big_season import build_big_season

    with transaction.atomic():
        season = build_big_season(
            levels=levels, teams_per_level=teams_per_level, weeks=weeks, publish_week=weeks
        )
    event = build_big_event(players=players, rounds=rounds, played=max(rounds - 3, 0))
    return Built(season, event, build_big_club(**(club or {})))


def pages(built: Built) -> list[Page]:
    """The pages timed, each with its target (times the sign-in page)."""
    from django.urls import reverse

    season = built.season.season
    slugs = [season.league.slug, season.slug]
    schedule = reverse("league:season_schedule", args=slugs)
    standings = reverse("league:season_standings", args=slugs)
    fixture = season.fixtures.filter(away__isnull=False).order_by("-date", "pk").first()
    slug = built.event.tournament.slug
    regular, ladder = built.club.player.pk, built.club.series.slug
    return [
        Page("sign-in page", reverse("login"), None),
        Page("season calendar (.ics)", reverse("league:season_calendar", args=slugs), 3.0),
        Page("schedule CSV", f"{schedule}?export=csv", 3.0),
        Page("schedule page", schedule, 3.0),
        Page("live standings (a manager's)", f"{standings}?week=live", 3.0, signed_in=True),
        Page("published standings", standings, 3.0),
        # The API's standings (the latest published week, every level): what a club's site
        # and scripts read most.
        Page("api standings", reverse("api_v1:read_standings", args=slugs), 2),
        Page("fixture page", reverse("league:fixture_detail", args=[fixture.pk]), 3.0),
        Page("room display panel", reverse("tournaments:big_screen_panel", args=[slug]), 3.0),
        Page("leaderboard", reverse("tournaments:leaderboard", args=[slug]), 3.0),
        Page("player profile (2,000 games)", reverse("people:profile", args=[regular]), 3.0),
        Page("season ladder (300 players)", reverse("people:ladder", args=[ladder]), 3.0),
    ]


def chosen(listed: list[Page], only: list[str]) -> list[Page]:
    """The sign-in page (every ratio's floor) and the pages whose label holds one of `only`
    (every page when `only` is empty)."""
    if not only:
        return listed
    wanted = [text.casefold() for text in only]
    return [listed[0]] + [p for p in listed[1:] if any(w in p.label.casefold() for w in wanted)]


def session_cookie(user: Any) -> str:
    """A signed-in session in the database, as the browser's cookie header sends it."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small season, 2 s a page")
    parser.add_argument("--seconds", type=int, help="seconds of wrk per page (default 10)")
    parser.add_argument("--connections", type=int, default=4, help="wrk's open connections")
    parser.add_argument("--database-url", default="", help=f"default: {DATABASE_URL}")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--reuse", action="store_true", help="keep the database, and reuse it when built already"
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="LABEL",
        help="time only the pages whose label holds LABEL (and the sign-in page); repeatable",
    )
    return parser.parse_args()


def _database_url(given: str) -> str:
    if given:
        return given
    server = os.environ.get("DATABASE_URL", "")
    if server.startswith("postgres"):
        return urlunsplit(urlsplit(server)._replace(path="/euchre_load"))
    return DATABASE_URL


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
            probe.sendall(b"PING\r\n")
            return probe.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _redis() -> tuple[subprocess.Popen | None, str]:
    """The cache's server (when the run started one) and its URL ("" for none at all)."""
    if os.environ.get("REDIS_URL"):
        return None, os.environ["REDIS_URL"]
    binary = shutil.which("redis-server")
    if binary is None:
        return None, REDIS_URL if _answers(6379) else ""
    port = _free_port()
    server = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not _answers(port):
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            return None, REDIS_URL if _answers(6379) else ""
        time.sleep(0.1)
    return server, f"redis://127.0.0.1:{port}/0"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return port if port != 8000 else _free_port()


def _environment(database_url: str, redis_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY=os.environ.get("SECRET_KEY") or "load-test-only-not-a-secret",
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="127.0.0.1,testserver",
        LOG_LEVEL="WARNING",
        # Its own collected files: not the checkout's staticfiles/, which tests would scan.
        STATIC_ROOT=str(ROOT / "var" / "load-staticfiles"),
    )
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def _manage(env: dict[str, str], *command: str) -> None:
    subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)


def _serve(env: dict[str, str], port: int) -> subprocess.Popen:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}"]
        + ["--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=5):
                return server
        except OSError:
            if server.poll() is not None:
                raise SystemExit("gunicorn stopped at start-up.") from None
            time.sleep(0.5)
    server.terminate()
    raise SystemExit("gunicorn did not answer within a minute.")


def _warm(base: str, page: Page, cookie: str) -> int:
    request = urllib.request.Request(base + page.path)
    if page.signed_in:
        request.add_header("Cookie", cookie)
    status = 0
    for _ in range(6):  # both workers, and every page of the room display's first turn
        with urllib.request.urlopen(request, timeout=120) as response:
            response.read()
            status = response.status
    return status


def _measure(base: str, listed: list[Page], cookie: str, args: argparse.Namespace) -> list[str]:
    seconds, connections = args.seconds, args.connections
    floor = listed[0]
    print(f"{'page':<30} {'req/s':>8} {'median':>9} {'p99':>9} {'sign-in':>8} {'ratio':>6} target")
    missed = []
    for page in listed:
        if _warm(base, page, cookie) != 200:
            raise SystemExit(f"{page.label} did not answer 200 ({base + page.path}).")
        floors, turns = [], []
        for _ in range(max(1, round(seconds / TURN_SECONDS))):
            floors.append(wrk(base + floor.path, seconds=TURN_SECONDS, connections=connections))
            turns.append(
                wrk(
                    base + page.path,
                    seconds=TURN_SECONDS,
                    connections=connections,
                    cookie=cookie if page.signed_in else "",
                )
            )
        signin, rate = combined(floors), combined(turns)
        ratio = signin.per_second / rate.per_second if rate.per_second else float("inf")
        mark = ""
        if page.target is not None and ratio > page.target:
            missed.append(page.label)
            mark = " MISSED"
        if rate.errors:
            mark += f" ({rate.errors} errors)"
        target = f"{page.target:g}x" if page.target else "-"
        print(
            f"{page.label:<30} {rate.per_second:8.0f} {rate.median_ms:7.1f}ms "
            f"{rate.p99_ms:7.1f}ms {signin.per_second:8.0f} {ratio:5.1f}x {target:>6}{mark}"
        )
    return missed


def main() -> int:
    args = _arguments()
    if shutil.which("wrk") is None:
        print(INSTALL_WRK)
        return 2
    sizes = SIZES["quick" if args.quick else "full"]
    args.seconds = args.seconds or (TURN_SECONDS if args.quick else 10)
    database_url = _database_url(args.database_url)
    mark = load_database.build_mark(sizes)
    try:
        reused = args.reuse and load_database.is_built(database_url, mark)
        if not reused:
            load_database.recreate(database_url)
    except Exception as exc:  # psycopg's OperationalError, a refused name: say it plainly
        print(f"PostgreSQL is needed at {database_url}: {exc}")
        return 2
    redis_server, redis_url = _redis()
    env = _environment(database_url, redis_url)
    server = None
    try:
        _manage(env, "migrate", "--verbosity", "0")
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        os.environ.update(env)
        from benchmarks.big_season import set_up_django

        set_up_django()
        if reused:
            print(f"database: reused ({mark})")
            built = Built(*load_database.found())
        else:
            built = build(**sizes)
            if args.reuse:
                load_database.mark_built(database_url, mark)
        print(f"season: {built.season.describe()}")
        print(f"event: {built.event.describe()}")
        print(f"club: {built.club.describe()}")
        cookie = session_cookie(built.season.manager)
        listed = chosen(pages(built), args.only)
        from django.db import connections

        connections.close_all()  # gunicorn's workers have the database to themselves
        port = _free_port()
        server = _serve(env, port)
        cache = "each worker's own memory (no Redis)"
        if redis_url:
            cache = ("a Redis server of its own, " if redis_server else "Redis ") + redis_url
        print(
            f"gunicorn: 2 workers on 127.0.0.1:{port}; cache: {cache}; wrk: "
            f"{args.connections} connections, {args.seconds} s a page in {TURN_SECONDS}-second "
            "turns with the sign-in page"
        )
        missed = _measure(f"http://127.0.0.1:{port}", listed, cookie, args)
    finally:
        for process in (server, redis_server):
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
        if not (args.keep or args.reuse):  # WITH (FORCE) ends this process's own connection too
            load_database.recreate(database_url, drop_only=True)
    print("all targets met" if not missed else f"MISSED: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
