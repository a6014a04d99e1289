"""Profiles, ratings and ladders: the name always, the rest only as the person chose (all of
it to the person), never a contact."""

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory
from tests.people.factories import choose, many_lines, rating
from tests.people.series_helpers import plain_director, series_of

pytestmark = pytest.mark.django_db


def test_a_profile_shows_what_the_person_chose_to_show(client, read_world):
    body = client.get(reverse("api_v1:read_profile", args=[read_world.player.pk])).json()
    assert body["shows"] == ["results", "rating"]
    assert body["record"]["games"] == 3 and body["rating"]["value"] == 1100
    assert body["statistics"] is None
    assert "email" not in body and "phone" not in body


def test_a_person_who_shows_nothing_has_a_name_only(client, db):
    player = PlayerFactory(email="private@example.com", phone="555-0100")
    many_lines(player, 2)
    rating(player)
    response = client.get(reverse("api_v1:read_profile", args=[player.pk]))
    body = response.json()
    assert body["shows"] == [] and body["record"] is None and body["rating"] is None
    assert b"private@example.com" not in response.content and b"555-0100" not in response.content
    hidden = client.get(reverse("api_v1:read_rating", args=[player.pk]))
    assert hidden.status_code == 404 and "rating" in hidden.json()["detail"]


def test_the_person_sees_all_of_their_own_profile(client, db):
    player = PlayerFactory(user=UserFactory())
    many_lines(player, 2)
    choose(player, show_results=False)
    client.force_login(player.user)
    body = client.get(reverse("api_v1:read_profile", args=[player.pk])).json()
    assert body["shows"] == ["results", "statistics", "rating"]


def test_a_shown_rating_has_its_history(client, read_world):
    body = client.get(reverse("api_v1:read_rating", args=[read_world.player.pk])).json()
    assert body["value"] == 1100 and len(body["history"]) == 3


def test_an_unknown_player_is_a_404(client, db):
    assert client.get(reverse("api_v1:read_profile", args=[2**31 - 1])).status_code == 404
    assert client.get("/api/v1/people/0").status_code == 422


def test_a_ladder_before_its_first_event_has_no_lines(client, db):
    series = series_of(plain_director(), slug="winter")
    body = client.get(reverse("api_v1:read_ladder", args=[series.slug])).json()
    assert body == {"series": "winter", "name": series.name, "events": [], "lines": []}
    assert client.get(reverse("api_v1:read_ladder", args=["nope"])).status_code == 404
