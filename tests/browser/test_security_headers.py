"""Key pages under the Content-Security-Policy in Chromium: nothing refused, htmx still works.

Every browser test fails on a refusal (tests/browser/conftest.py); these visit the pages
people use most, including htmx swaps, the print pages and the admin, and check that the
policy really is enforced.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.nights.services.results import fixture_games_ensure
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, admin_user
from tests.league.night_factories import night
from tests.scoring.factories import team_game
from tests.tournaments.factories import progressive, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _visit(page, path: str) -> None:
    response = page.goto(path)
    assert response is not None and response.status == 200, path
    headers = response.all_headers()
    assert "script-src 'self'" in headers["content-security-policy"], path
    assert "camera=()" in headers["permissions-policy"], path
    page.wait_for_load_state("load")


def test_public_pages_load_under_the_policy(page, request):
    tournament = started(progressive(8, rounds=2))
    for path in (
        "/",
        "/leagues/",
        "/tournaments/",
        "/accounts/login/",
        reverse("tournaments:detail", args=[tournament.slug]),
        reverse("tournaments:round", args=[tournament.slug, 1]),
        reverse("tournaments:leaderboard", args=[tournament.slug]),
        reverse("tournaments:big_screen", args=[tournament.slug]),
        reverse("tournaments:round_sheet", args=[tournament.slug, 1]),
        reverse("tournaments:seat_cards", args=[tournament.slug]) + "?all=1",
    ):
        _visit(page, path)
    expect(page.get_by_role("button", name="Print")).to_be_visible()  # its script loaded
    assert request.node.csp_violations == []


def test_a_captain_enters_hands_with_htmx_under_the_policy(page, request):
    tg = team_game()
    log_in(page, tg.ns_captain.username, PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    _visit(page, reverse("scoring:game_detail", args=[tg.game.pk]))
    page.get_by_label("Dealer").select_option("N")
    page.locator('input[name="maker"][value="NS"]').check()
    page.get_by_role("button", name="5 tricks").click()
    expect(page.locator('[data-total="NS"]')).to_have_text("2")  # htmx swapped the component
    _visit(page, reverse("scoring:game_print", args=[tg.game.pk]))
    assert request.node.csp_violations == []


def test_a_fixture_page_and_the_admin_load_under_the_policy(page, request):
    n = night()
    fixture_games_ensure(fixture=n.fixture)
    admin = admin_user(is_staff=True)
    log_in(page, admin.username, PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    _visit(page, reverse("league:fixture_detail", args=[n.fixture.pk]))
    _visit(page, "/admin/")
    _visit(page, "/admin/league/fixture/")
    assert request.node.csp_violations == []


def test_chromium_enforces_the_policy(page, request):
    _visit(page, "/")
    ran = page.evaluate(
        """() => {
        window.inlineRan = false;
        const script = document.createElement("script");
        script.textContent = "window.inlineRan = true;";
        document.body.appendChild(script);
        document.body.insertAdjacentHTML("beforeend", '<p id="styled" style="color: red">x</p>');
        return window.inlineRan;
    }"""
    )
    assert ran is False
    expect(page.locator("#styled")).not_to_have_css("color", "rgb(255, 0, 0)")
    page.wait_for_timeout(200)  # the reports arrive as console messages
    assert any("script-src" in v for v in request.node.csp_violations)
    request.node.csp_violations.clear()  # provoked on purpose
