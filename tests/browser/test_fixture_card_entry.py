"""A captain's card on the fixture page, on a phone (390×844): a card with impossible games
keeps every score typed and says beside each bad game what is wrong; once fixed and sent, the
page shows the saved card waiting for the other captain, not an empty form. The same holds
for final scores on a game's own entry page (htmx).

Done when: both bad games are told at once beside their boxes with every number still in
place, the fixed card is saved with no form left above it, and nothing scrolls sideways.
"""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.nights.services.results import fixture_games_ensure
from scoring.models import ScorecardVersion
from tests.browser.conftest import log_in
from tests.factories import PASSWORD
from tests.league.night_factories import night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"
AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""


def _fill(page, number: int, home: str, away: str) -> None:
    game = page.locator(f"#enter-scores #score-game-{number}")
    game.locator(f"input[name=home_{number}]").fill(home)
    game.locator(f"input[name=away_{number}]").fill(away)


def test_a_card_with_two_impossible_games_is_fixed_in_place_then_shows_as_saved(page):
    n = night()
    page.context.add_init_script(path=str(AXE))
    log_in(page, n.home_captain.username, PASSWORD)
    page.goto(reverse("league:fixture_detail", args=[n.fixture.pk]))
    _fill(page, 1, "12", "3")
    _fill(page, 2, "10", "10")
    _fill(page, 3, "10", "6")
    page.locator("#enter-scores").get_by_role("button", name=f"Submit for {n.home}").click()

    first, second = page.locator("#score-game-1"), page.locator("#score-game-2")
    expect(first.get_by_role("alert")).to_contain_text("record the winner's score as 10")
    expect(second.get_by_role("alert")).to_contain_text("both sides can't have 10")
    expect(page.locator("#score-game-3 .game-problems")).to_have_count(0)
    expect(first.locator("input[name=home_1]")).to_have_value("12")
    expect(second.locator("input[name=away_2]")).to_have_value("10")
    expect(page.locator("input[name=away_3]")).to_have_value("6")
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(RUN_AXE) == []
    assert not ScorecardVersion.objects.exists()

    _fill(page, 1, "10", "3")
    _fill(page, 2, "10", "8")
    page.locator("#enter-scores").get_by_role("button", name=f"Submit for {n.home}").click()

    saved = page.locator("#saved-card")
    expect(saved).to_contain_text(f"All 3 cards are saved and wait for {n.away}'s captain")
    expect(saved).to_contain_text(f"Game 2: {n.home} 10 – 8 {n.away}")
    expect(page.locator("#enter-scores")).to_have_count(0)
    expect(page.locator("#change-scores")).not_to_have_attribute("open", "")
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(RUN_AXE) == []
    assert ScorecardVersion.objects.count() == 3


def test_refused_final_scores_stay_typed_on_the_games_entry_page(page):
    n = night()
    game = fixture_games_ensure(fixture=n.fixture)[0].game
    log_in(page, n.home_captain.username, PASSWORD)
    page.goto(reverse("scoring:game_entry", args=[game.pk]))
    page.locator(".final-entry summary").click()
    final = page.locator("form[data-entry-step=final]")
    final.locator("input[name=score_NS]").fill("12")
    final.locator("input[name=score_EW]").fill("3")
    final.get_by_role("button").click()

    final = page.locator("form[data-entry-step=final]")
    expect(final.get_by_role("alert")).to_contain_text("record the winner's score as 10")
    expect(final.locator("input[name=score_NS]")).to_have_value("12")
    expect(final.locator("input[name=score_EW]")).to_have_value("3")
    assert page.evaluate(NO_SIDEWAYS)
    assert not ScorecardVersion.objects.exists()
