"""The league's activity log on a phone: what a captain did shows up for the manager, who
narrows it down without the page growing sideways."""

import pytest
from playwright.sync_api import expect

from league.nights.services.forfeits import forfeit_record
from league.nights.services.results import GameScore, fixture_submit_scores
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.night_factories import night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_manager_reads_and_filters_the_leagues_log_on_a_phone(page):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=20)
    manager_user(username="marge")
    log_in(page, "marge", PASSWORD)
    page.goto(f"/leagues/{n.season.league.slug}/")
    page.get_by_role("button", name="Activity log").click()
    expect(page.get_by_role("heading", name=f"{n.season.league.name}: activity")).to_be_visible()
    rows = page.locator("table.activity-log tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Forfeit recorded")
    page.get_by_text("Filter the log").click()
    page.get_by_label("What").select_option("card_submitted")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Card submitted")
    expect(rows.first).to_contain_text(n.home_captain.username)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]
