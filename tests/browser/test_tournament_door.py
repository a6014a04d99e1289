"""The door and the room in a browser: a pasted list registered in one confirm, a player
checking in from the QR code's link on a phone (the control page's counters follow without
a reload), and the room display filling a 1080p and a 4K screen without cutting anything."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scoring.models import RuleSet
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, TournamentFactory, director_user
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PASTED = "\n".join(
    [
        "Name, Email, Phone",
        "Ada Ames, ada@example.com",
        "Ben Bell\tben@example.com\t416 555 0102",
        "Cal Cole",
        "Dee Dunn, 416 555 0104",
        "Eve Eng",
        "Ada Ames",
    ]
)


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_pasted_list_and_a_phone_checking_in_from_the_door(page, chromium, live_server):
    director = director_user(username="dana")
    tournament = TournamentFactory(
        name="Door Night",
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        director=director,
    )
    log_in(page, "dana", PASSWORD)
    page.goto(f"/tournaments/{tournament.slug}/manage/")
    page.get_by_role("link", name="Register a list").click()
    page.get_by_label("Players, one per line").fill(PASTED)
    page.get_by_label("They are here: check them in too").uncheck()
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("New: 5 · Found: 0 · Duplicates (left out): 1")).to_be_visible()
    expect(page.locator("tr.paste-duplicate")).to_contain_text("same as line 2")
    assert _fits(page)
    page.get_by_role("button", name="Register 5 players").click()
    expect(page.get_by_text("Registered 5 players.")).to_be_visible()
    expect(page.locator('[data-count="registered"]')).to_have_text("5")
    expect(page.locator('[data-count="checked_in"]')).to_have_text("0")

    # The door screen: open self check-in, the QR code and its link.
    page.get_by_role("link", name="QR code for self check-in").click()
    page.get_by_role("button", name="Open self check-in").click()
    expect(page.locator(".door-code svg")).to_be_visible()
    link = page.locator(".door-foot a").first.get_attribute("href")
    assert "/check-in/" in link

    manage = f"/tournaments/{tournament.slug}/manage/"
    page.goto(manage)

    # A player's phone, not signed in.
    phone_context = chromium.new_context(base_url=live_server.url, viewport=PHONE)
    phone = phone_context.new_page()
    phone.set_default_timeout(10_000)
    phone.goto(urlsplit(link).path)
    expect(phone.get_by_role("heading", name="Check in")).to_be_visible()
    phone.get_by_label("Your name").fill("cal cole")
    phone.get_by_label("Send me my seat each round and the final standings").check()
    phone.get_by_label("Email (optional)").fill("cal@example.com")
    assert _fits(phone)
    phone.get_by_role("button", name="Check in").click()
    expect(phone.get_by_text("You're checked in, Cal Cole.")).to_be_visible()
    assert _fits(phone)
    # Scanning again later: already done, nothing changes.
    phone.goto(urlsplit(link).path)
    phone.get_by_label("Your name").fill("Cal Cole")
    phone.get_by_role("button", name="Check in").click()
    expect(phone.get_by_text("You're already checked in, Cal Cole.")).to_be_visible()
    phone_context.close()

    # The control page's counter follows without a reload.
    expect(page.locator('[data-count="checked_in"]')).to_have_text("1", timeout=10_000)
    cal = Entry.objects.get(tournament=tournament, player__name="Cal Cole")
    assert cal.status == Entry.Status.CHECKED_IN and cal.notify and cal.email == "cal@example.com"
    assert Entry.objects.filter(tournament=tournament, status="checked_in").count() == 1


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (3840, 2160)])
def test_the_room_display_fills_the_screen_without_cutting_the_leaders(
    chromium, live_server, width, height
):
    tournament = started(progressive(40, rounds=3, round_minutes=20))
    Tournament.objects.filter(pk=tournament.pk).update(
        announcement="Pizza at the bar after round 2. Prizes at the desk."
    )
    context = chromium.new_context(
        base_url=live_server.url, viewport={"width": width, "height": height}
    )
    screen = context.new_page()
    screen.goto(f"/tournaments/{tournament.slug}/screen/")
    expect(screen.get_by_role("heading", name=tournament.name)).to_be_visible()
    assert screen.locator(".site-header").count() == 0
    expect(screen.locator("[data-round-clock]")).to_have_attribute("data-ticking", "on")
    expect(screen.locator("[data-clock-text]")).to_have_text(re.compile(r"^(19|20):\d\d$"))
    sizes = screen.evaluate(
        """() => {
        const board = document.querySelector(".room-leaders");
        const rows = board.querySelectorAll("tbody tr");
        const last = rows[rows.length - 1].getBoundingClientRect();
        const tables = document.querySelector(".room-tables").getBoundingClientRect();
        const cards = document.querySelectorAll(".room-table");
        const lastTable = cards[cards.length - 1].getBoundingClientRect();
        return {
          scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight,
          width: window.innerWidth, height: window.innerHeight,
          rows: rows.length,
          lastRowBottom: last.bottom, boardBottom: board.getBoundingClientRect().bottom,
          boardRight: board.getBoundingClientRect().right,
          lastTableBottom: lastTable.bottom, tablesBottom: tables.bottom,
        };
    }"""
    )
    assert sizes["scrollWidth"] <= sizes["width"], sizes  # no horizontal scroll
    assert sizes["scrollHeight"] <= sizes["height"], sizes
    assert sizes["rows"] == 10, sizes  # a page of leaders, the rest on the next pages
    assert sizes["lastRowBottom"] <= sizes["boardBottom"] <= sizes["height"], sizes
    assert sizes["boardRight"] <= sizes["width"], sizes
    assert sizes["lastTableBottom"] <= sizes["tablesBottom"] <= sizes["height"], sizes
    # The next refresh shows the next page of leaders.
    expect(screen.locator(".room-leaders h2 small")).to_have_text("2/4", timeout=15_000)
    context.close()
