import pytest
from django.core import mail
from django.urls import reverse

from tests.factories import (
    PASSWORD,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_logging_in_and_out_works(client):
    user = UserFactory()
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("my_team")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("my_team")).status_code == 302


def test_a_wrong_password_is_refused_with_a_message(client):
    user = UserFactory()
    response = client.post(reverse("login"), {"username": user.username, "password": "nope"})
    assert response.status_code == 200
    assert b"correct username and password" in response.content


def test_changing_the_password_emails_the_user(client, django_capture_on_commit_callbacks):
    user = UserFactory()
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("password_change"),
            {
                "old_password": PASSWORD,
                "new_password1": "another-long-password-42",
                "new_password2": "another-long-password-42",
            },
        )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("another-long-password-42")
    assert [m.to for m in mail.outbox] == [[user.email]]


def test_unknown_pages_get_the_friendly_not_found_page(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert b"couldn't find that page" in response.content


def test_the_layout_declares_a_phone_viewport(client):
    assert b'name="viewport"' in client.get(reverse("home")).content
