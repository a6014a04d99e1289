"""A league manager settles a disputed card from the fixture page on a phone (390×844): both
teams' cards by name, what differs, Settle, and back on the fixture page, settled."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.nights.services.results import GameScore, fixture_dispute_card, fixture_submit_scores
from scoring.models import Scorecard
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.night_factories import night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""


def test_a_manager_settles_a_dispute_from_the_fixture_page_on_a_phone(page):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    fixture_submit_scores(fixture=n.fixture, user=n.away_captain, scores=[GameScore(1, 10, 8)])
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.home_captain, reason="It was 10-4")
    manager = manager_user(n.season.league, username="mona")
    page.context.add_init_script(path=str(AXE))
    log_in(page, manager.username, PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(reverse("league:fixture_detail", args=[n.fixture.pk]) + "#disputes")

    dispute = page.locator("#dispute-1")
    expect(dispute).to_contain_text(f"{n.home} disputed {n.away}'s card")
    expect(dispute).to_contain_text(f"What differs: {n.away}: 8 on one card, 4 on the other")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(RUN_AXE) == []

    dispute.get_by_label(f"{n.home}'s card, or the scores below").check()
    # The home captain's card (10-4) is the one against the disputed 10-8: its scores wait.
    expect(dispute.locator("input[name=score_NS]")).to_have_value("10")
    expect(dispute.locator("input[name=score_EW]")).to_have_value("4")
    dispute.get_by_label("Reason (kept with the card and sent to both captains)").fill(
        "Agreed 10-4"
    )
    dispute.get_by_role("button", name="Settle game 1").click()

    expect(page.locator(".message-success")).to_contain_text("Card settled.")
    expect(page).to_have_url(
        reverse("league:fixture_detail", args=[n.fixture.pk]), ignore_case=True
    )
    expect(page.locator("#disputes")).to_have_count(0)
    expect(page.locator("#game-1")).to_have_attribute("data-state", "settled")
    card = Scorecard.objects.get()
    assert (card.status, card.current_version.ns_total, card.current_version.ew_total) == (
        "settled",
        10,
        4,
    )
