"""Scorekeeper mode in the browser: a whole round typed at the desk, on a phone and a laptop."""

import re

import pytest
import sms
from playwright.sync_api import expect

from accounts.models import Role, RoleName, Scope
from scoring.models import Scorecard
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _event_with_a_scorekeeper():
    tournament = started(progressive(players=8, rounds=2, director=UserFactory()))
    keeper = UserFactory(username="sam")
    Role.objects.create(
        user=keeper, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk, role=RoleName.SCOREKEEPER
    )
    return tournament


def _east_of_table_2(tournament) -> str:
    table = Round.objects.get(tournament=tournament, number=1).tables.get(number=2)
    return table.seats.get(seat="E").entry.player.name


def test_a_scorekeeper_enters_a_round_on_a_phone(page):
    tournament = _event_with_a_scorekeeper()
    log_in(page, "sam", PASSWORD)
    page.goto(f"/tournaments/{tournament.slug}/rounds/1/")
    page.get_by_role("link", name="Enter this round's scores").click()
    expect(page.get_by_role("heading", name="Round 1 scores")).to_be_visible()
    # Each table is a block of four boxes that fits the phone's width.
    box = page.locator("#id_t1-W").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390

    for seat, value in zip("NSEW", ("6", "6", "2", "2"), strict=True):
        page.locator(f"#id_t1-{seat}").fill(value)
    for seat, value in zip("NSEW", ("6", "2", "2", "2"), strict=True):  # partners can't differ so
        page.locator(f"#id_t2-{seat}").fill(value)
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#scores-error")).to_contain_text("Nothing was saved")
    expect(page.locator("#table-2")).to_contain_text("Table 2: These four totals")
    assert not Scorecard.objects.exists()

    for seat, value in zip("NSEW", ("1", "1", "7", "7"), strict=True):
        page.locator(f"#id_t2-{seat}").fill(value)
    page.get_by_role("button", name="Save round 1").click()
    expect(page.get_by_text("Round 1: tables 1 and 2 entered and confirmed.")).to_be_visible()
    expect(page.locator("#table-1")).to_contain_text("Confirmed")
    assert Scorecard.objects.filter(status="confirmed").count() == 2

    page.get_by_role("link", name="Round page").click()
    expect(page.locator("#table-2")).to_contain_text(f"{_east_of_table_2(tournament)} 7")


def test_a_scorekeeper_enters_a_round_from_the_keyboard_on_a_laptop(page):
    page.set_viewport_size({"width": 1366, "height": 768})
    tournament = _event_with_a_scorekeeper()
    log_in(page, "sam", PASSWORD)
    page.goto(f"/tournaments/{tournament.slug}/rounds/1/scores/")
    # The cursor starts in table 1's first box; Tab walks the round, Enter saves it.
    expect(page.locator("#id_t1-N")).to_be_focused()
    for value in ("6", "6", "2", "2", "1", "1", "7", "7"):
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    expect(page.locator("#id_reason")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Round 1: tables 1 and 2 entered and confirmed.")).to_be_visible()
    # A table's four boxes sit on one line on a laptop.
    tops = {round(page.locator(f"#id_t1-{seat}").bounding_box()["y"]) for seat in "NSEW"}
    assert len(tops) == 1
    expect(page.locator("#id_t2-E")).to_have_value("7")

    page.goto(f"/tournaments/{tournament.slug}/leaderboard/")
    expect(page.locator("#sit-out-rule")).to_have_text(
        "A player who sits out a round scores nothing for it."
    )
    expect(page.locator("table.leaderboard")).to_contain_text("R1")


def test_a_scorekeeper_invited_by_text_accepts_and_reaches_round_entry(page, live_server, settings):
    settings.SITE_URL = live_server.url
    sms.outbox = []
    director = UserFactory(first_name="Dee")
    tournament = started(progressive(players=8, rounds=2, director=director))
    log_in(page, director.username, PASSWORD)
    page.goto(f"/tournaments/{tournament.slug}/manage/staff/")
    page.locator("#id_kind").select_option("scorekeeper")
    page.get_by_label("Their name").fill("Sam Keeper")
    page.get_by_label("Email or mobile number").fill("(416) 555-0177")
    page.get_by_role("button", name="Send invitation").click()
    expect(page.get_by_text("Invitation sent to +14165550177")).to_be_visible()
    page.context.clear_cookies()  # the director hands the phone over

    [text] = sms.outbox
    assert text.recipients == ["+14165550177"]
    page.goto(re.search(r"https?://\S+/accounts/invitations/\S+/", text.body).group(0))
    expect(page.locator("#offer")).to_contain_text(f"keep score at {tournament.name}")
    signup = page.locator("#signup")
    signup.get_by_label("Username").fill("samk")
    signup.locator("#id_password1").fill("desk-table-bower-42")
    signup.locator("#id_password2").fill("desk-table-bower-42")
    signup.get_by_role("button", name="Create account and accept").click()
    expect(page.get_by_role("heading", name="Round 1 scores")).to_be_visible()
    expect(page.get_by_text("You are now a scorekeeper at")).to_be_visible()

    page.goto("/")
    events = page.locator("#my-events")
    events.get_by_role("link", name=tournament.name).click()
    expect(page.get_by_role("heading", name="Round 1 scores")).to_be_visible()
