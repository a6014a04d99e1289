"""The main page of each journey on a phone (390×844): nothing scrolls sideways, the header
is one row, and axe-core finds no serious or critical accessibility problem.

axe-core is vendored (tests/browser/vendor/axe-core-<version>/) and injected as an init
script: the Content-Security-Policy refuses an inline <script>, and an init script runs
outside the page's policy.
"""

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from league.nights.services.results import fixture_games_ensure
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.night_factories import night
from tests.tournaments.factories import bracket, progressive, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""


def _check(page, path: str) -> list[str]:
    """What is wrong with `path` on a phone: sideways scrolling, a tall header, axe."""
    page.goto(path)
    page.wait_for_load_state("networkidle")
    problems = []
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    if width > inner:
        problems.append(f"{path}: {width}px wide in {inner}px")
    header = page.locator("header.site-header nav").bounding_box()
    if header["height"] > 80:  # one row of links, not three
        problems.append(f"{path}: the header is {header['height']:.0f}px tall")
    problems += [f"{path}: {found}" for found in page.evaluate(RUN_AXE)]
    return problems


@pytest.fixture
def phone(page):
    page.context.add_init_script(path=str(AXE))
    return page


def test_the_captains_and_the_players_pages_fit_a_phone_and_pass_axe(phone):
    n = night(date=timezone.localdate())
    game = fixture_games_ensure(fixture=n.fixture)[0].game
    season = n.season
    slugs = [season.league.slug, season.slug]
    log_in(phone, n.home_captain.username, PASSWORD)
    problems = []
    for path in [
        "/",
        reverse("my_team"),
        reverse("league:team_detail", args=[n.home.pk]),
        reverse("league:fixture_detail", args=[n.fixture.pk]),
        reverse("scoring:game_entry", args=[game.pk]),
        reverse("scoring:game_detail", args=[game.pk]),
        reverse("league:season_standings", args=slugs),
        reverse("league:season_schedule", args=slugs),
        reverse("account"),
    ]:
        problems += _check(phone, path)
    assert problems == []


def test_the_managers_and_the_tournament_pages_fit_a_phone_and_pass_axe(phone):
    n = night(date=timezone.localdate())
    manager = manager_user(league=n.season.league)
    slugs = [n.season.league.slug, n.season.slug]
    # three teams: the bracket has a bye
    events = [started(progressive(players=8)), started(bracket(count=3))]
    problems = []
    for event in events:  # the public pages
        problems += _check(phone, reverse("tournaments:detail", args=[event.slug]))
    problems += _check(phone, reverse("tournaments:tournament_list"))
    log_in(phone, manager.username, PASSWORD)
    for path in [
        reverse("manage"),
        reverse("league:season_dashboard", args=slugs),
        reverse("league:results_queue", args=slugs),
        reverse("league:season_roster", args=slugs),
        reverse("league:season_invitations", args=slugs),
        reverse("notices:outbox"),
        reverse("league:team_detail", args=[n.home.pk]),
    ]:
        problems += _check(phone, path)
    assert problems == []


def test_the_menu_opens_to_every_link_on_a_phone(phone):
    n = night(date=timezone.localdate())
    log_in(phone, n.home_captain.username, PASSWORD)
    menu = phone.locator("header.site-header .nav-phone")
    assert phone.get_by_role("link", name="My team").count() == 0  # folded away
    menu.locator("summary").click()
    for name in ("Leagues", "Tournaments", "My team", "My account", "My notices"):
        assert menu.get_by_role("link", name=name, exact=True).is_visible()
    assert menu.get_by_role("button", name="Log out").is_visible()


def test_the_scoring_entry_reads_by_keyboard_and_announces_its_totals(phone):
    n = night(date=timezone.localdate())
    game = fixture_games_ensure(fixture=n.fixture)[0].game
    log_in(phone, n.home_captain.username, PASSWORD)
    phone.goto(reverse("scoring:game_entry", args=[game.pk]))
    back = phone.get_by_role("navigation", name="Back").get_by_role("link")
    assert f"{n.home.name} v {n.away.name}" in back.inner_text()
    assert phone.get_by_role("status", name="Totals").get_attribute("aria-live") == "polite"
    # By keyboard alone: the maker's radio, then the tricks button, then the totals move.
    phone.get_by_role("radio", name=n.home.name, exact=True).focus()  # home sits N-S
    phone.keyboard.press("Space")
    five = phone.get_by_role("button", name="5 tricks, march")
    five.focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("status", name="Totals").locator('[data-total="NS"]')).to_have_text(
        "2"
    )
    expect(phone.locator("[data-hand-label]")).to_have_text("Hand 2")
