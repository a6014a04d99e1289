"""A manager moves a whole night from a phone: the fixtures, the calendar and every player."""

import collections
import datetime

import pytest
import sms
from django.core import mail
from playwright.sync_api import expect

from league.seasons.models import Fixture
from notices.models import Notice
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.cancellation_factories import night, opt_in_to_texts, players_of, published_season
from tests.league.factories import TUESDAY
from wording import when

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
THURSDAY = TUESDAY + datetime.timedelta(days=2)


@pytest.fixture(autouse=True)
def sms_outbox():
    sms.outbox = []
    yield sms.outbox
    sms.outbox = []


def _fits_the_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_manager_moves_a_night_on_a_phone_and_every_player_hears_once(page):
    season = published_season()
    tuesday = night(season)
    everyone = players_of(tuesday)
    opt_in_to_texts(everyone[0], "317 555 0101")
    manager_user(season.league, username="morgan")
    log_in(page, "morgan", PASSWORD)

    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/")
    page.locator("nav").get_by_role("link", name="Move a night").click()
    expect(page.get_by_role("heading", name="Move a night")).to_be_visible()
    expect(page.get_by_role("heading", name=when.day(TUESDAY))).to_be_visible()
    expect(page.locator("#night-fixtures input[name=fixtures]")).to_have_count(4)
    _fits_the_phone(page)
    page.locator("#id_new_date").fill(THURSDAY.isoformat())
    page.locator("#id_note").fill("The hall is booked on Tuesday.")
    page.get_by_role("button", name="Review before moving").click()

    expect(page.locator("#move-count")).to_contain_text("4 fixtures will move")
    expect(page.locator("#who-will-be-told")).to_have_text("This will email 16 people and text 1.")
    _fits_the_phone(page)
    assert not Notice.objects.exists()
    page.get_by_role("button", name="Move 4 fixtures and tell them").click()

    expect(page.locator(".message-success")).to_contain_text(
        f"4 fixtures moved to {when.day(THURSDAY)}; 16 people are being told."
    )
    _fits_the_phone(page)
    # The confirmation sent again (back button, double tap) moves and tells nothing more.
    page.go_back()
    page.get_by_role("button", name="Move 4 fixtures and tell them").click()
    expect(page.locator("#night-move-form, .message-error").first).to_be_visible()
    expect(page.get_by_text(f"Nothing is scheduled on {when.day(TUESDAY)}.")).to_be_visible()

    moved = Fixture.objects.filter(pk__in=[f.pk for f in tuesday])
    assert set(moved.values_list("date", "original_date")) == {(THURSDAY, TUESDAY)}
    assert Notice.objects.count() == 1
    emails = collections.Counter(m.to[0] for m in mail.outbox)
    assert emails == {p.email: 1 for p in everyone}
    assert all("The hall is booked on Tuesday." in m.body for m in mail.outbox)
    assert [m.recipients for m in sms.outbox] == [["+13175550101"]]

    # Calendars follow at once: the team's feed has the fixture on Thursday.
    feed = page.request.get(f"/leagues/teams/{tuesday[0].home_id}/calendar.ics").text()
    assert f"DTSTART;TZID=America/New_York:{THURSDAY:%Y%m%d}T" in feed
    assert f":{TUESDAY:%Y%m%d}T" not in feed.split("BEGIN:VEVENT", 2)[1]
