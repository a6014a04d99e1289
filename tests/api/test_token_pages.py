"""The account page's API tokens: each person sees and makes their own, the raw token is
shown once, and revoking stops it."""

import pytest
from django.urls import reverse

from api.models import AccessToken
from api.tokens.services import token_create
from tests.factories import UserFactory, admin_user, captain_user, manager_user

pytestmark = pytest.mark.django_db

PAGE = "/api/tokens/"


def test_it_sends_a_visitor_to_sign_in(client):
    assert reverse("api:tokens") == PAGE
    response = client.get(PAGE)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("make", [UserFactory, lambda: captain_user()[0], manager_user, admin_user])
def test_each_person_sees_only_their_own_tokens(client, make):
    user = make()
    token_create(user=user, name="Mine", scope="read")
    token_create(user=UserFactory(), name="Someone else's", scope="scores")
    client.force_login(user)
    response = client.get(PAGE)
    assert response.status_code == 200
    assert b"Mine" in response.content
    assert b"Someone else" not in response.content
    assert response["Cache-Control"].startswith("max-age=0")


def test_the_account_page_links_to_it(client):
    client.force_login(UserFactory())
    assert PAGE.encode() in client.get(reverse("account")).content


def test_a_new_token_is_shown_once_and_never_in_the_address(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(PAGE, {"name": "Scoring script", "scope": "scores", "expires": "90"})
    assert response.status_code == 302 and response["Location"] == PAGE
    token = AccessToken.objects.get(user=user)
    assert token.scope == "scores" and token.expires_at is not None
    shown = client.get(PAGE).content.decode()
    assert 'id="new-token"' in shown
    raw = shown.split('id="id_new_token" value="')[1].split('"')[0]
    assert raw.startswith(token.prefix) and raw not in response["Location"]
    again = client.get(PAGE).content.decode()
    assert raw not in again and 'id="new-token"' not in again
    assert token.prefix in again


def test_a_refused_name_is_told_and_nothing_is_made(client):
    user = UserFactory()
    token_create(user=user, name="Script", scope="read")
    client.force_login(user)
    response = client.post(PAGE, {"name": "Script", "scope": "read"})
    assert response.status_code == 200
    assert b"already have a token with this name" in response.content
    response = client.post(PAGE, {"name": "", "scope": "admin", "expires": "7"})
    assert response.status_code == 200
    assert AccessToken.objects.count() == 1


def test_its_owner_revokes_it(client):
    user = UserFactory()
    token, _ = token_create(user=user, name="Script", scope="read")
    client.force_login(user)
    response = client.post(reverse("api:token_revoke", args=[token.pk]))
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    page = client.get(PAGE).content.decode()
    assert "Revoked" in page and reverse("api:token_revoke", args=[token.pk]) not in page


def test_another_person_cannot_revoke_it(client):
    token, _ = token_create(user=UserFactory(), name="Script", scope="read")
    client.force_login(UserFactory())
    assert client.post(reverse("api:token_revoke", args=[token.pk])).status_code == 404
    assert client.get(reverse("api:token_revoke", args=[token.pk])).status_code == 405
    token.refresh_from_db()
    assert token.revoked_at is None


def test_a_site_administrator_may_revoke_it(client):
    token, _ = token_create(user=UserFactory(), name="Script", scope="read")
    client.force_login(admin_user())
    assert client.post(reverse("api:token_revoke", args=[token.pk])).status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
