"""The front pages: the staff desk for managers and directors, a player's own teams."""

import pytest
from django.urls import reverse

from tests.factories import TeamFactory, captain_user, user_for

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_log_in_for_the_manage_page(client):
    response = client.get(reverse("manage"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize(
    ("role", "status"),
    [("player", 403), ("captain", 403), ("director", 200), ("manager", 200)],
)
def test_the_manage_page_is_for_managers_and_directors_only(client, role, status):
    client.force_login(user_for(role))
    assert client.get(reverse("manage")).status_code == status


def test_the_forbidden_page_is_friendly(client):
    client.force_login(user_for("player"))
    response = client.get(reverse("manage"))
    assert b"Not allowed" in response.content
    assert b"permission" in response.content


def test_the_navigation_offers_manage_only_to_staff_roles(client):
    client.force_login(user_for("captain"))
    assert reverse("manage").encode() not in client.get(reverse("home")).content
    client.force_login(user_for("manager"))
    assert reverse("manage").encode() in client.get(reverse("home")).content


def test_my_team_shows_the_captains_own_roster_only(client):
    user, team = captain_user()
    other = TeamFactory(season=team.season, name="Somebody Else")
    client.force_login(user)
    response = client.get(reverse("my_team"))
    assert team.name in response.content.decode()
    assert other.name not in response.content.decode()
