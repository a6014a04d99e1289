"""Password reset by email: Django's views, the app's mail, absolute single-use links."""

import re

import pytest
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client
from django.urls import resolve, reverse

from accounts import throttle, throttle_counts
from accounts.tasks import send_password_reset
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-password-77"


@pytest.fixture
def site(settings):
    settings.SITE_URL = "https://euchre.example.com"
    return settings.SITE_URL


@pytest.fixture
def ask(client, django_capture_on_commit_callbacks):
    def ask(email: str, **extra):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(reverse("password_reset"), {"email": email}, **extra)

    return ask


def _link(message) -> str:
    return re.search(r"https?://\S+/accounts/password/reset/\S+/", message.body).group(0)


def test_the_login_page_offers_a_reset(client):
    response = client.get(reverse("login"))
    assert "Forgot your password?" in response.content.decode()
    assert reverse("password_reset") in response.content.decode()


def test_the_reset_page_is_phone_friendly_and_asks_for_an_email(client):
    response = client.get(reverse("password_reset"))
    text = response.content.decode()
    assert response.status_code == 200
    assert 'name="viewport"' in text
    assert 'inputmode="email"' in text and 'autocomplete="email"' in text
    assert "Email address or mobile number" in text


def test_asking_emails_one_absolute_link_built_from_the_site_address(ask, site):
    user = UserFactory(first_name="Pat")
    response = ask(user.email.upper())
    assert response.status_code == 302
    assert response.url == reverse("password_reset_done")
    [message] = mail.outbox
    assert message.to == [user.email]
    assert message.subject == "Reset your euchre league password"
    link = _link(message)
    assert link.startswith(f"{site}/accounts/password/reset/")
    assert resolve(link.removeprefix(site)).url_name == "password_reset_confirm"
    assert user.username in message.body
    assert "3 days" in message.body  # how long the link lasts (PASSWORD_RESET_TIMEOUT)


def test_without_a_site_address_the_link_uses_the_address_asked_from(ask, settings):
    settings.SITE_URL = ""
    user = UserFactory()
    ask(user.email)
    assert _link(mail.outbox[0]).startswith("http://testserver/accounts/password/reset/")


def test_an_unknown_address_reads_the_same_and_sends_nothing(ask):
    response = ask("nobody@example.com")
    assert response.status_code == 302
    assert response.url == reverse("password_reset_done")
    assert mail.outbox == []


@pytest.mark.parametrize("kind", ["inactive", "no password"])
def test_accounts_that_cannot_sign_in_get_no_link(ask, kind):
    user = UserFactory()
    if kind == "inactive":
        user.is_active = False
    else:
        user.set_unusable_password()
    user.save()
    ask(user.email)
    assert mail.outbox == []


def test_a_malformed_address_is_refused_with_a_message(ask):
    response = ask("not-an-email")
    assert response.status_code == 200
    assert "valid email address" in response.content.decode()
    assert mail.outbox == []


def test_following_the_link_sets_a_new_password_once(
    client, ask, site, django_capture_on_commit_callbacks
):
    user = UserFactory()
    ask(user.email)
    link = _link(mail.outbox[0]).removeprefix(site)
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    set_password_url = form_page.redirect_chain[-1][0]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            set_password_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
        )
    assert response.status_code == 302
    assert response.url == reverse("password_reset_complete")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert "password was changed" in mail.outbox[-1].subject  # the owner is told
    assert "Log in" in client.get(response.url).content.decode()
    # Used once: the same link is dead now.
    again = client.get(link, follow=True)
    assert "This link no longer works" in again.content.decode()


def test_a_mismatched_new_password_changes_nothing(client, ask, site):
    user = UserFactory()
    ask(user.email)
    page = client.get(_link(mail.outbox[0]).removeprefix(site), follow=True)
    response = client.post(
        page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": "other"}
    )
    assert response.status_code == 200
    assert "match" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_a_tampered_link_is_refused_kindly(client):
    response = client.get(reverse("password_reset_confirm", args=["MQ", "not-a-token"]))
    assert response.status_code == 200
    assert "This link no longer works" in response.content.decode()


def test_a_reset_signs_out_every_session_and_lifts_a_sign_in_lock(client, ask, site):
    user = UserFactory()
    elsewhere = Client()
    elsewhere.force_login(user)
    # Someone guessed until the account was locked.
    limit = throttle.login_account_limit()
    key = throttle._key(limit, user.username)
    throttle_counts.increment(key, now=throttle.now(), window=limit.window)
    throttle_counts.block(key, until=throttle.now() + 900, kind="locked", restart=True)
    client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert SESSION_KEY not in client.session
    ask(user.email)
    page = client.get(_link(mail.outbox[0]).removeprefix(site), follow=True)
    client.post(
        page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert elsewhere.get(reverse("account")).status_code == 302  # signed out over there
    client.post(reverse("login"), {"username": user.username, "password": NEW_PASSWORD})
    assert SESSION_KEY in client.session


def test_the_email_task_needs_an_active_user_with_an_address(site):
    user = UserFactory(email="")
    assert send_password_reset.delay(user.pk, site).get() is False
    assert send_password_reset.delay(999_999, site).get() is False
    assert mail.outbox == []
