""" "Where do I sit" on a phone (390×844): a signed-in player's page opens at their own seat,
on the first screen, not on every player's card; a search by name finds another player."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.seasons.models import Player
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_on_a_phone_finds_their_seat_first_and_others_by_name(page):
    tournament = started(progressive(40, rounds=4))
    seats = Seat.objects.filter(round__tournament=tournament, round__number=1, table__isnull=False)
    mine, other = [s.entry for s in seats.select_related("entry__player", "table")[:2]]
    user = UserFactory(username="seated")
    Player.objects.filter(pk=mine.player_id).update(user=user)
    Player.objects.filter(pk=other.player_id).update(name="Marguerite Dubois")
    table = Seat.objects.select_related("table").get(entry=mine, round__number=1).table.number
    log_in(page, "seated", PASSWORD)

    page.goto(reverse("tournaments:seat_cards", args=[tournament.slug]))

    own = page.locator("#my-seat")
    expect(own).to_contain_text(f"table {table}")
    box = own.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844  # on the first screen
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 2 * 844, f"the page is {height}px tall"
    assert page.locator(".cut-card").count() == 0

    page.get_by_label("A player's name").fill("marguerite")
    page.get_by_role("button", name="Find the seat").click()

    expect(page).to_have_url(re.compile(r"/seats/\?name=marguerite"))  # a plain GET form
    match = page.locator(".seat-match")
    expect(match).to_have_count(1)
    expect(match).to_contain_text("Marguerite Dubois")
    expect(match).to_contain_text("Round 1: table")
