"""Tonight on a phone (390×844): a captain signs in, sees the step due tonight first and is
one tap from entering the card; the away captain sees the cards to confirm first."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from league.nights.services.results import GameScore, fixture_submit_scores
from scoring.models import Scorecard
from tests.browser.conftest import log_in
from tests.factories import PASSWORD
from tests.league.night_factories import night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _watch_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _first_step(page):
    """The first fixture on the start page and its one action."""
    first = page.locator("#tonight article.due").first
    return first, first.locator(".due-action a[role=button]")


def test_the_home_captain_signs_in_and_is_one_tap_from_tonights_card(page):
    n = night(date=timezone.localdate())
    errors = _watch_errors(page)
    log_in(page, n.home_captain.username, PASSWORD)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("heading", name="Tonight", exact=True)).to_be_visible()
    card, action = _first_step(page)
    expect(card).to_contain_text(f"{n.home.name} v {n.away.name}")
    expect(action).to_have_text("Enter the card")
    expect(action).to_be_in_viewport()

    action.click()  # the one tap
    expect(page).to_have_url(re.compile(rf"/leagues/fixtures/{n.fixture.pk}/#enter-scores$"))
    expect(page.locator("#id_home_1")).to_be_in_viewport()
    page.locator("#id_home_1").fill("10")
    page.locator("#id_away_1").fill("6")
    with page.expect_navigation():
        page.get_by_role("button", name=f"Submit for {n.home.name}").click()
    expect(page.locator(".message-success")).to_contain_text("confirms it next")
    assert Scorecard.objects.filter(status="submitted").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []


def test_the_away_captain_signs_in_and_sees_the_cards_to_confirm_first(page):
    n = night(date=timezone.localdate())
    fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 6, 10), GameScore(3, 10, 8)],
    )
    errors = _watch_errors(page)
    log_in(page, n.away_captain.username, PASSWORD)
    _, action = _first_step(page)
    expect(action).to_have_text("Confirm all 3 cards")

    action.click()
    confirm = page.get_by_role("button", name="Confirm all 3 cards")
    expect(confirm).to_be_in_viewport()
    # The away captain's own entry form waits folded, its button not the page's main one.
    expect(page.locator("details#enter-scores")).not_to_have_attribute("open", "")
    expect(page.locator("#id_home_1")).to_be_hidden()
    with page.expect_navigation():
        confirm.click()
    expect(page.locator(".message-success")).to_contain_text("Confirmed 3 cards")
    assert set(Scorecard.objects.values_list("status", flat=True)) == {"confirmed"}
    assert errors == []


def test_the_forfeit_clock_ticks_from_its_own_script_under_the_policy(page):
    n = night(date=timezone.localdate())
    errors = _watch_errors(page)
    log_in(page, n.away_captain.username, PASSWORD)
    page.goto(f"/leagues/fixtures/{n.fixture.pk}/")
    clock = page.locator("#forfeit-clock")
    expect(clock).to_have_attribute("data-ticking", "on")
    text = re.compile(
        r"^(\d+ minutes? since the 7:00 PM start|Starts at 7:00 PM, in \d+ minutes?)$"
    )
    expect(clock.locator("[data-clock-text]")).to_have_text(text)
    assert errors == []
