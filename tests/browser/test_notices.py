import pytest
import sms
from django.core import mail
from playwright.sync_api import expect

from notices.models import OutboxMessage, Subscription
from tests.browser.conftest import log_in, menu
from tests.factories import PASSWORD, manager_user, player_user
from tests.notices.factories import season_with_captains

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_manager_sends_a_notice_and_the_public_sees_the_announcement(page):
    sms.outbox = []
    season, captains = season_with_captains(4)
    manager_user(username="morgan")
    log_in(page, "morgan", PASSWORD)
    menu(page, "Manage")
    page.locator("#manage-notices").get_by_role("link", name="Send a notice").click()
    page.get_by_label("League", exact=True).select_option(str(season.league.pk))
    page.get_by_label("Season", exact=True).select_option(str(season.pk))
    page.get_by_label("Captains of the season").check()
    page.get_by_label("Publish on the league's announcements page and feed").check()
    page.get_by_label("Subject").fill("Tuesday is cancelled")
    page.get_by_label("Message", exact=True).fill("Snow: every fixture on Tuesday is off.")
    page.get_by_label("Text message").fill("League night Tuesday cancelled (snow).")
    page.get_by_role("button", name="Next: see who is told").click()
    expect(page.locator("body")).to_contain_text("This will email 4 people and text 2.")
    page.get_by_role("button", name="Send", exact=True).click()
    page.wait_for_url("**/notices/*/")
    assert page.get_by_role("heading", name="Tuesday is cancelled").is_visible()
    assert page.get_by_text("4 sent · 0 pending · 0 failed").is_visible()
    assert page.get_by_text("2 sent · 0 pending · 0 failed").is_visible()
    assert _fits_the_screen(page)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.email for p in captains)
    assert len(sms.outbox) == 2

    page.goto("/notices/")
    assert page.get_by_role("link", name="Tuesday is cancelled").is_visible()
    assert _fits_the_screen(page)

    page.context.clear_cookies()
    page.goto(f"/notices/leagues/{season.league.slug}/")
    assert page.get_by_text("Snow: every fixture on Tuesday is off.").is_visible()
    assert page.get_by_role("link", name="Atom feed").is_visible()
    assert _fits_the_screen(page)
    assert OutboxMessage.objects.exclude(status="sent").count() == 0


def test_a_player_opts_in_to_a_leagues_texts(page):
    season, _ = season_with_captains(1)
    user, _ = player_user(username="pat")
    log_in(page, "pat", PASSWORD)
    menu(page, "My notices")
    page.get_by_role("link", name=f"Change {season.league.name} notices").click()
    page.get_by_label("By text message").check()
    page.get_by_label("Mobile number").fill("416 555 0199")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/notices/subscriptions/")
    assert page.get_by_text(f"You'll get {season.league.name} notices.").is_visible()
    assert _fits_the_screen(page)
    subscription = Subscription.objects.get()
    assert (subscription.player.user, subscription.by_sms) == (user, True)
