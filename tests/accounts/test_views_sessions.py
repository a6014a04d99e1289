"""Signing out of every other session from the account page."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

URL = "/accounts/sessions/end/"


def _signed_in(client) -> bool:
    return client.get(reverse("account")).status_code == 200


def test_anonymous_visitors_are_sent_to_log_in(client):
    assert reverse("sign_out_everywhere") == URL
    response = client.post(URL, {"password": PASSWORD})
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_it_ends_every_other_session_and_keeps_this_one(client):
    user = UserFactory()
    phone, laptop = Client(), Client()
    phone.force_login(user)
    laptop.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    client.force_login(user)
    response = client.post(URL, {"password": PASSWORD}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("account")
    assert "signed out of every other session" in response.content.decode()
    assert _signed_in(client)
    assert not _signed_in(phone)
    assert not _signed_in(laptop)
    assert SESSION_KEY not in phone.session
    user.refresh_from_db()
    assert user.check_password(PASSWORD)  # the password itself is unchanged


def test_a_wrong_password_ends_nothing(client):
    user = UserFactory()
    phone = Client()
    phone.force_login(user)
    client.force_login(user)
    response = client.post(URL, {"password": "not-it"})
    assert response.status_code == 200
    assert "t your current password" in response.content.decode()
    assert _signed_in(phone)


def test_the_confirmation_page_asks_for_the_password(client):
    client.force_login(UserFactory())
    text = client.get(URL).content.decode()
    assert 'type="password"' in text
    assert "Sign out of every other session" in text


def test_an_account_without_a_password_signs_out_elsewhere_without_one(client):
    user = UserFactory()
    user.set_unusable_password()
    user.save()
    phone = Client()
    phone.force_login(user)
    client.force_login(user)
    assert 'type="password"' not in client.get(URL).content.decode()
    client.post(URL)
    assert _signed_in(client)
    assert not _signed_in(phone)
