"""A player who forgot their password resets it from the email, or from a text, on a phone."""

import re
import time

import pytest
import sms
from django.core import mail

from accounts.sign_in_links import account_phone_set
from tests.browser.conftest import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "river-table-bower-42"


def _reset_link(timeout: float = 10) -> str:
    deadline = time.monotonic() + timeout
    while not mail.outbox and time.monotonic() < deadline:
        time.sleep(0.1)
    [message] = mail.outbox
    return re.search(r"https?://\S+/accounts/password/reset/\S+/", message.body).group(0)


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_player_resets_a_forgotten_password_from_the_email(page, live_server, settings):
    settings.SITE_URL = live_server.url
    UserFactory(username="riley", email="riley@example.com")

    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email address").fill("riley@example.com")
    assert _fits_the_phone(page)
    page.get_by_role("button", name="Send me a reset link").click()
    assert page.get_by_role("heading", name="Check your email").is_visible()

    link = _reset_link()
    assert link.startswith(live_server.url)
    page.goto(link)
    assert page.get_by_role("heading", name="Choose a new password").is_visible()
    assert _fits_the_phone(page)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set my new password").click()
    assert page.get_by_role("heading", name="Your password is changed").is_visible()

    page.get_by_role("link", name="Log in", exact=True).last.click()
    log_in(page, "riley", NEW_PASSWORD)
    page.goto("/accounts/me/")
    assert page.get_by_role("heading", name="My account").is_visible()
    assert _fits_the_phone(page)

    # The link was single-use.
    page.goto(link)
    assert page.get_by_role("heading", name="This link no longer works").is_visible()


def _texted_link(timeout: float = 10) -> str:
    deadline = time.monotonic() + timeout
    while not sms.outbox and time.monotonic() < deadline:
        time.sleep(0.1)
    [text] = sms.outbox
    return re.search(r"https?://\S+/accounts/password/reset/\S+/", text.body).group(0)


def test_someone_without_an_email_resets_by_text_on_a_phone(page, live_server, settings):
    settings.SITE_URL = live_server.url
    sms.outbox = []
    user = UserFactory(username="sam", email="")
    account_phone_set(user=user, phone="+14165550188")

    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email address or mobile number").fill("416 555 0188")
    assert _fits_the_phone(page)
    page.get_by_role("button", name="Send me a reset link").click()
    assert page.get_by_role("heading", name="Check your email or texts").is_visible()

    link = _texted_link()
    assert link.startswith(live_server.url)
    page.goto(link)
    assert page.get_by_role("heading", name="Choose a new password").is_visible()
    assert _fits_the_phone(page)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set my new password").click()
    assert page.get_by_role("heading", name="Your password is changed").is_visible()
    page.get_by_role("link", name="Log in", exact=True).last.click()
    log_in(page, "sam", NEW_PASSWORD)
    page.goto("/accounts/me/")
    assert page.get_by_role("heading", name="My account").is_visible()
