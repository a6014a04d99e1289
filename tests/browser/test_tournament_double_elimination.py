"""A director sets up a 12-team double elimination in the browser and plays it to a
champion; the bracket is drawn with its lines, byes in their slots, and nothing clipped."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.tournament_steps import check_in_everyone, settle_open_card
from tests.factories import PASSWORD, director_user
from tests.tournaments.factories import double_elimination, started
from tournaments.models import BracketMatch, Tournament
from tournaments.services import entry_register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Middle of an element's box, and whether its text fits inside the match card it sits in.
GEOMETRY = """
(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const box = el.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, middle: (box.top + box.bottom) / 2};
})
"""
CLIPPED = """
() => [...document.querySelectorAll(".match .score, .match .name")].filter((el) => {
  const text = el.getBoundingClientRect();
  const card = el.closest(".match").getBoundingClientRect();
  return el.scrollWidth > el.clientWidth + 1 || text.right > card.right + 1;
}).length
"""
OVERFLOW = """
() => [...document.querySelectorAll(".bracket")].map((b) => b.scrollWidth > b.clientWidth + 1)
"""
LINE = """
(selector) => {
  const slot = document.querySelector(selector);
  const after = getComputedStyle(slot, "::after");
  return {width: after.borderTopWidth, right: after.borderRightWidth, content: after.content};
}
"""


def test_a_director_runs_a_twelve_team_double_elimination_to_a_champion(page):
    director_user(username="dana")
    log_in(page, "dana", PASSWORD)
    page.goto("/tournaments/new/")
    page.get_by_label("Name", exact=True).fill("Tens Double")
    page.get_by_label("Date").fill("2026-03-14")
    page.get_by_label("Format").select_option("double_elimination")
    expect(page.get_by_label("Reset match")).to_be_checked()  # fetched for the format
    expect(page.get_by_label("Rounds")).to_have_count(0)
    expect(page.get_by_label("Consolation")).to_have_count(0)
    page.get_by_label("Rule set").select_option(label="Classic Tens")
    page.get_by_label("Prizes (dollars, first place first)").fill("120, 60, 30, 15")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Run Tens Double")).to_be_visible()

    tournament = Tournament.objects.get(name="Tens Double")
    assert tournament.is_double_elimination and tournament.bracket_reset
    for n in range(1, 13):
        entry_register(
            tournament=tournament,
            player_name=f"Ann {n}",
            partner_name=f"Bob {n}",
            team_name=f"Bowers {n}",
        )
    page.reload()
    check_in_everyone(page, 12)
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("The tournament is under way.")).to_be_visible()
    manage_url = page.url

    # The public page at a laptop's width: byes hold their slots, rounds line up, lines join.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/tournaments/{tournament.slug}/")
    winners = page.locator(".bracket").first
    first = winners.locator(".b-round").nth(0).locator(".b-slot")
    second = winners.locator(".b-round").nth(1).locator(".b-slot")
    expect(first).to_have_count(8)
    expect(winners.locator(".b-round").nth(0).locator(".match-bye")).to_have_count(4)
    slots = page.evaluate(GEOMETRY, ".bracket:first-of-type .b-round:nth-child(1) .b-slot")
    later = page.evaluate(GEOMETRY, ".bracket:first-of-type .b-round:nth-child(2) .b-slot")
    for k, slot in enumerate(later):
        assert abs(slot["middle"] - (slots[2 * k]["middle"] + slots[2 * k + 1]["middle"]) / 2) < 2
    assert second.count() == 4
    line = page.evaluate(LINE, ".bracket .b-slot.b-out-down")
    assert line["width"] == "2px" and line["right"] == "2px"

    played = 0
    while True:
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        settle_open_card(page, manage_url, {"N-S": "10", "E-W": "6"})
        played += 1
        assert played <= 23, "a double elimination of 12 needs at most 23 matches"
    assert played in (22, 23)

    page.goto(f"/tournaments/{tournament.slug}/")
    expect(page.locator(".champion")).to_contain_text(tournament.champion.display_name)
    places = page.locator(".places")
    for place in ("1st", "2nd", "3rd", "4th"):
        expect(places.get_by_text(place, exact=True)).to_be_visible()
    expect(places).to_contain_text("$120.00")
    assert page.evaluate(CLIPPED) == 0
    # The winners' bracket (four rounds) and the grand final fit a laptop's width whole.
    assert page.evaluate(OVERFLOW) == [False, True, False]  # the losers' six rounds scroll
    final = page.locator(".bracket").nth(2).locator(".match").first
    expect(final.locator(".score").first).to_have_text("10")
    final_box = final.bounding_box()
    assert final_box["x"] + final_box["width"] <= 1280
    assert BracketMatch.objects.filter(tournament=tournament, bracket="final", round=1).get().winner


def test_the_room_display_shows_every_bracket_of_eight_teams_inside_the_screen(
    chromium, live_server
):
    tournament = started(double_elimination(8))
    context = chromium.new_context(
        base_url=live_server.url, viewport={"width": 1920, "height": 1080}
    )
    screen = context.new_page()
    screen.goto(f"/tournaments/{tournament.slug}/screen/")
    for heading in ("Winners' bracket", "Losers' bracket", "Grand final"):
        expect(screen.get_by_role("heading", name=heading, level=2)).to_be_visible()
    sizes = screen.evaluate(
        """() => {
        const matches = [...document.querySelectorAll(".room-brackets .match")];
        return {
          bottom: Math.max(...matches.map((m) => m.getBoundingClientRect().bottom)),
          right: Math.max(...matches.map((m) => m.getBoundingClientRect().right)),
          count: matches.length,
          width: innerWidth, height: innerHeight,
          scrollHeight: document.documentElement.scrollHeight,
        };
    }"""
    )
    assert sizes["count"] == BracketMatch.objects.filter(tournament=tournament).count(), sizes
    assert sizes["bottom"] <= sizes["height"] and sizes["right"] <= sizes["width"], sizes
    assert sizes["scrollHeight"] <= sizes["height"], sizes
    context.close()
