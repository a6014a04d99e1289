"""A manager cancels a night on a phone; each email, text, announcement and feed entry once."""

import collections
import re
from contextlib import nullcontext
from xml.etree import ElementTree

import pytest
import sms
from django.core import mail
from playwright.sync_api import expect

from league.cancellations.models import Cancellation
from league.seasons.models import Fixture
from notices.models import Announcement, Notice, OutboxMessage
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user
from tests.league.cancellation_factories import (
    captains,
    makeup,
    night,
    opt_in_to_texts,
    players_of,
    published_season,
)
from tests.league.factories import TUESDAY
from tests.notices.factories import SubscriptionFactory
from tests.notices.test_cancellation_worker import real_worker, wait_for_delivery
from wording import when

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ATOM = "{http://www.w3.org/2005/Atom}"
SUBJECT = f"Play cancelled {when.day(TUESDAY)} — weather"


@pytest.fixture(autouse=True)
def sms_outbox():
    sms.outbox = []
    yield sms.outbox
    sms.outbox = []


def _dashboard(season) -> str:
    return f"/leagues/{season.league.slug}/{season.slug}/manage/"


def _fits_the_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize(
    "delivery",
    ["eager", pytest.param("worker", marks=[pytest.mark.needs_redis, pytest.mark.needs_postgres])],
)
def test_a_manager_cancels_a_night_and_everyone_hears_exactly_once(page, delivery):
    season = published_season()
    everyone = captains(season)
    opt_in_to_texts(everyone[0], "317 555 0101")
    opt_in_to_texts(everyone[5], "317 555 0106")
    subscriber = SubscriptionFactory(
        league=season.league, by_sms=True, player__phone="317 555 0199"
    ).player
    manager_user(username="morgan")
    log_in(page, "morgan", PASSWORD)

    page.goto(_dashboard(season))
    page.locator("#cancellations").get_by_role("button", name="Cancel play").click()
    expect(page.get_by_role("heading", name="Cancel play")).to_be_visible()
    _fits_the_phone(page)
    page.locator("#id_date").fill(TUESDAY.isoformat())
    page.get_by_label("The whole league night").check()
    page.locator("#id_reason").select_option("weather")
    page.locator("#id_details").fill("Ice storm: the roads are closed.")
    page.get_by_role("button", name="Review before cancelling").click()

    expect(page.locator("#fixture-count")).to_contain_text("4 fixtures will be cancelled")
    expect(page.locator("#recipient-count")).to_contain_text("17 people will be notified")
    expect(page.locator("#recipient-count")).to_contain_text("17 emails and 3 text messages")
    expect(page.locator("#who-will-be-told")).to_have_text("This will email 17 people and text 3.")
    _fits_the_phone(page)
    assert not Cancellation.objects.exists() and not Notice.objects.exists()

    worker = real_worker() if delivery == "worker" else nullcontext()
    with worker:
        page.get_by_role("button", name="Cancel 4 fixtures and notify").click()
        expect(page.get_by_role("heading", name=f"Cancelled {when.day(TUESDAY)}")).to_be_visible()
        expect(page.locator(".message-success")).to_contain_text("Play cancelled: 4 fixtures")
        notice = Notice.objects.get()
        wait_for_delivery(notice)
        # The confirmation sent again (back button, double tap) is refused.
        page.go_back()
        page.get_by_role("button", name="Cancel 4 fixtures and notify").click()
        expect(page.locator("#cancel-form")).to_contain_text("already cancelled")
    _fits_the_phone(page)

    assert Cancellation.objects.count() == 1 and Notice.objects.count() == 1
    assert set(
        Fixture.objects.filter(date=TUESDAY, away__isnull=False).values_list("status", flat=True)
    ) == {"cancelled"}
    assert len(night(season)) == 4
    emails = collections.Counter(m.to[0] for m in mail.outbox)
    players = {p.email for p in players_of(night(season))}  # captains among them
    assert emails == {address: 1 for address in players | {subscriber.email}}
    assert {m.subject for m in mail.outbox} == {SUBJECT}
    assert all("Ice storm: the roads are closed." in m.body for m in mail.outbox)
    texts = collections.Counter(tuple(m.recipients) for m in sms.outbox)
    assert texts == {("+13175550101",): 1, ("+13175550106",): 1, ("+13175550199",): 1}
    assert set(OutboxMessage.objects.values_list("status", flat=True)) == {"sent"}

    cancellation = Cancellation.objects.get()
    page.goto(f"{_dashboard(season)}cancellations/{cancellation.pk}/")
    expect(page.locator(".notice-delivery")).to_contain_text(
        "Email: 17 sent · 0 pending · 0 failed"
    )
    expect(page.locator(".notice-delivery")).to_contain_text("Text: 3 sent · 0 pending · 0 failed")

    # The public sees it on the season page and in the feed, once.
    page.context.clear_cookies()
    page.goto(season.get_absolute_url())
    expect(page.locator("#cancelled-play .cancelled-night")).to_have_count(1)
    expect(page.locator("#cancelled-play del")).to_have_count(4)
    announcements = page.locator(".latest-announcements article")
    expect(announcements).to_have_count(1)
    expect(announcements).to_contain_text(SUBJECT)
    _fits_the_phone(page)
    assert Announcement.objects.count() == 1
    feed_link = page.locator(".latest-announcements").get_by_role("link", name="Atom feed")
    feed = page.request.get(feed_link.get_attribute("href"))
    entries = ElementTree.fromstring(feed.body()).findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == [SUBJECT]


def test_a_manager_picks_single_fixtures_and_then_reschedules_them(page):
    season = published_season()
    makeup(season, TUESDAY.replace(day=5))
    manager_user(username="morgan")
    tuesday = night(season)
    log_in(page, "morgan", PASSWORD)

    page.goto(_dashboard(season))
    page.locator("nav").get_by_role("link", name="Cancel play").click()
    page.locator("#id_date").fill(TUESDAY.isoformat())
    page.get_by_label("Single fixtures").check()
    boxes = page.locator("#night-fixtures input[name=fixtures]")
    expect(boxes).to_have_count(4)  # loaded by htmx for that night
    page.get_by_role("checkbox", name=re.compile(f"{tuesday[2].home} v {tuesday[2].away}")).check()
    page.locator("#id_reason").select_option("conflict")
    page.get_by_label(re.compile("Called off on site")).check()
    page.get_by_role("button", name="Review before cancelling").click()
    expect(page.locator("#fixture-count")).to_contain_text("1 fixture will be cancelled")
    expect(page.locator("#recipient-count")).to_contain_text(
        "captains of the teams still scheduled"
    )
    page.get_by_role("button", name="Cancel 1 fixture and notify").click()

    page.get_by_role("button", name="Reschedule or shorten the season").click()
    expect(page.locator("#proposal")).to_contain_text("→ Thu 5 Sep")
    page.get_by_label("Reschedule them to makeup dates").check()
    page.get_by_role("button", name="Record the decision and tell the players").click()
    expect(page.locator("#outcome")).to_contain_text("Reschedule to makeup dates")
    expect(page.locator("#cancelled-fixtures")).to_contain_text("Scheduled Thu 5 Sep")
    _fits_the_phone(page)
    moved = Fixture.objects.get(pk=tuesday[2].pk)
    assert (moved.date, moved.original_date, moved.status) == (
        TUESDAY.replace(day=5),
        TUESDAY,
        "scheduled",
    )
    assert Notice.objects.count() == 2
    follow_up = Notice.objects.latest("pk")
    assert follow_up.messages.filter(channel="email").count() == 4  # both teams' players
