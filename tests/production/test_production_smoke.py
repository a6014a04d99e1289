"""The production configuration, as a release runs it, driven by a browser.

`collectstatic` with the manifest storage into a folder of the run's own, `migrate` and
`load_demo` into a database of its own, gunicorn with DEBUG off and the production
environment, the cache in a Redis of its own; then Chromium visits the key pages with no
console error, registers the service worker (which precaches the release's hashed files),
and a hand tapped without signal reaches the server once the signal is back.
"""

import json
import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.production.servers import (
    finish,
    free_port,
    gunicorn,
    manage,
    production_env,
    redis_server,
    smoke_database,
    tail,
)

pytestmark = pytest.mark.browser

PASSWORD = "euchre-demo"  # every demo account's (accounts/demo.py)
KEY_PAGES = (
    "home",
    "schedule",
    "standings",
    "fixture",
    "tournament",
    "leaderboard",
    "room display",
    "sign-ups",
    "register",
    "sign-in",
)
HASHED = re.compile(r"\.[0-9a-f]{12}\.[a-z0-9]+$")  # a manifest storage's file name

# The demo's addresses, read in the release's own database.
DEMO_PATHS = """
import json
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from league.demo.seasons import demo_season
from money.demo import EVENT_SLUG
from money.models import SignUp
from scoring.models import Game
from tournaments.demo import PROGRESSIVE

season = demo_season()
slugs = {"league": season.league.slug, "season": season.slug}
tonight = season.fixtures.filter(date=timezone.localdate()).get(
    Q(home__name="Left Bowers") | Q(away__name="Left Bowers")
)
card = Game.objects.get(label="Scorecard demo · Game 4")  # no card yet; 'captain' is a side
print(json.dumps({
    "home": reverse("home"),
    "schedule": reverse("league:season_schedule", kwargs=slugs),
    "standings": reverse("league:season_standings", kwargs=slugs),
    "fixture": reverse("league:fixture_detail", args=[tonight.pk]),
    "tournament": reverse("tournaments:detail", args=[PROGRESSIVE]),
    "leaderboard": reverse("tournaments:leaderboard", args=[PROGRESSIVE]),
    "room display": reverse("tournaments:big_screen", args=[PROGRESSIVE]),
    "sign-ups": reverse("money:index"),
    "register": reverse(
        "money:register", args=[SignUp.objects.get(tournament__slug=EVENT_SLUG).pk]
    ),
    "sign-in": reverse("login"),
    "entry": reverse("scoring:game_entry", args=[card.pk]),
    "game": card.pk,
}))
"""

# What the server kept of the captain's card on that game.
SAVED_HANDS = """
import json
from scoring.models import ScorecardDraft
drafts = ScorecardDraft.objects.filter(game_id={game}, user__username="captain")
print(json.dumps([draft.hands for draft in drafts]))
"""


@dataclass
class Release:
    base: str
    env: dict[str, str]
    paths: dict
    folder: Path
    server_log: Path

    def shell(self, script: str) -> object:
        """Run a script in the release's environment; its last printed line, as JSON."""
        log = self.folder / "shell.log"
        return _printed(_shell(self.env, log, script), log)


def _shell(env: dict[str, str], log: Path, script: str) -> subprocess.Popen:
    return manage(env, log, "shell", "--no-imports", "-c", script)


def _printed(process: subprocess.Popen, log: Path) -> object:
    return json.loads(finish(process, log).strip().splitlines()[-1])


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> Iterator[Release]:
    folder = tmp_path_factory.mktemp("release")
    static_root = folder / "static"
    with ExitStack() as stack:
        database_url = stack.enter_context(smoke_database(folder))
        redis_url = stack.enter_context(redis_server())
        port = free_port()
        env = production_env(
            port=port, database_url=database_url, redis_url=redis_url, static_root=static_root
        )
        # The release steps of README's "Production setup"; collectstatic alongside.
        static_log = folder / "collectstatic.log"
        started = time.monotonic()
        collect = manage(env, static_log, "collectstatic", "--noinput")
        for step in (("migrate", "--noinput"), ("load_demo",)):
            log = folder / f"{step[0]}.log"
            finish(manage(env, log, *step), log)
            print(f"{step[0]} done after {time.monotonic() - started:.1f} s")
        finish(collect, static_log)
        assert (static_root / "staticfiles.json").is_file(), "no manifest: not the release storage"
        reading = _shell(env, folder / "paths.log", DEMO_PATHS)  # while gunicorn starts
        server_log = folder / "gunicorn.log"
        base = stack.enter_context(gunicorn(env, port, server_log))
        paths = _printed(reading, folder / "paths.log")
        print(f"gunicorn answered after {time.monotonic() - started:.1f} s")
        yield Release(base, env, paths, folder, server_log)


@pytest.fixture(scope="module")
def browser(chromium):  # type: ignore[no-untyped-def]
    """Asked first, so a Chromium that can't start fails before the release is made."""
    return chromium


class Watch:
    """Console errors, uncaught exceptions and failed answers of the site, while online."""

    def __init__(self, page, base: str) -> None:
        self.problems: list[str] = []
        self.online = True
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"{page.url}: {error}"))
        page.on("response", self._response)
        self.page, self.base = page, base

    def _console(self, message) -> None:
        if message.type == "error" and self.online:
            source = message.location.get("url") or self.page.url  # a failed file's own address
            self.problems.append(f"{self.page.url}: console: {message.text} ({source})")

    def _response(self, response) -> None:
        if response.url.startswith(self.base) and response.status >= 400 and self.online:
            self.problems.append(f"{response.status} {response.url}")


def _visit(page, release: Release, name: str) -> None:
    response = page.goto(release.paths[name])
    assert response is not None and response.status == 200, (name, response and response.status)
    page.wait_for_load_state("networkidle")


def _assets_are_hashed(page) -> None:
    assets = page.evaluate(
        """[...document.querySelectorAll("script[src], link[rel=stylesheet]")]
            .map((element) => new URL(element.src || element.href).pathname)"""
    )
    assert assets, "the page loads no script or style"
    for path in assets:
        assert path.startswith("/static/") and HASHED.search(path), path


def _sign_in(page, release: Release, username: str) -> None:
    page.goto(release.paths["sign-in"])
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    cookies = {cookie["name"]: cookie for cookie in page.context.cookies()}
    # The production flags stay on: Chromium keeps Secure cookies for 127.0.0.1.
    assert cookies["sessionid"]["secure"] and cookies["sessionid"]["httpOnly"]
    assert cookies["csrftoken"]["secure"]


def _worker_precached_the_release(page) -> list[str]:
    script = page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
    assert script.endswith("/sw.js"), script
    return page.evaluate(
        """(async () => {
            const name = (await caches.keys()).find((key) => key.startsWith("entry-assets-"));
            const cache = await caches.open(name);
            return (await cache.keys()).map((request) => new URL(request.url).pathname);
        })()"""
    )


def _tap_hand(page, maker: str, tricks: int) -> None:
    """`maker` "NS" or "EW": its radio is named by the side's team on a league game."""
    page.locator(f'input[name="maker"][value="{maker}"]').check()
    page.get_by_role("button", name=f"{tricks} tricks").click()


def test_a_release_serves_the_key_pages_and_a_hand_entered_offline_reaches_the_server(
    browser, release
):
    context = browser.new_context(base_url=release.base, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    watch = Watch(page, release.base)

    for name in KEY_PAGES:
        _visit(page, release, name)
        _assets_are_hashed(page)

    _sign_in(page, release, "captain")
    _visit(page, release, "fixture")  # tonight's, where the captain enters the card
    _visit(page, release, "entry")
    precached = _worker_precached_the_release(page)
    assert len(precached) >= 7, precached
    assert any(re.fullmatch(r"/static/js/offline-entry\.[0-9a-f]{12}\.js", p) for p in precached)
    assert all(HASHED.search(path) for path in precached), precached

    status = page.locator("[data-offline-panel] [role=status]")
    page.get_by_label("Dealer").select_option("N")
    watch.online = False
    context.set_offline(True)  # a bar table without signal
    _tap_hand(page, "NS", 5)
    expect(status).to_have_text(re.compile(r"^Offline — 1 hand saved on this phone"))
    page.reload()  # the page opens from the worker's cache, the hand still waiting
    expect(status).to_have_text(re.compile(r"^Offline — 1 hand saved on this phone"))
    assert release.shell(SAVED_HANDS.format(game=release.paths["game"])) in ([], [[]])

    context.set_offline(False)
    watch.online = True
    expect(status).to_have_text(re.compile(r"^Sent — 1 hand saved on this phone reached"))
    [hands] = release.shell(SAVED_HANDS.format(game=release.paths["game"]))
    assert [(h["dealer"], h["maker_side"], h["tricks"]) for h in hands] == [("N", "NS", 5)]
    _visit(page, release, "entry")  # and the page, from the server, shows it
    expect(page.locator('[data-total="NS"]')).to_have_text("2")
    context.close()

    assert not watch.problems, "\n".join(watch.problems)
    log = release.server_log.read_text(errors="replace")
    assert "Traceback" not in log and "Internal Server Error" not in log, tail(release.server_log)
    assert not re.search(r'" 5\d\d ', log), tail(release.server_log)
