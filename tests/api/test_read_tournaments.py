"""The event read endpoints: the list by date, one event, its rounds and tables, and the
leaderboard."""

import datetime

import pytest
from django.urls import reverse

from tests.tournaments.factories import bracket

pytestmark = pytest.mark.django_db


def test_events_are_listed_newest_first_and_filtered_by_date(
    client, read_world, django_assert_max_num_queries
):
    with django_assert_max_num_queries(2):
        body = client.get(reverse("api_v1:read_tournaments")).json()
    assert read_world.tournament.slug in [e["slug"] for e in body["items"]]
    day = read_world.tournament.date
    later = client.get(
        reverse("api_v1:read_tournaments") + f"?from={day + datetime.timedelta(days=1)}"
    )
    assert read_world.tournament.slug not in [e["slug"] for e in later.json()["items"]]


def test_an_event_and_its_rounds_with_who_sits_where(client, read_world):
    slug = read_world.tournament.slug
    event = client.get(reverse("api_v1:read_tournament", args=[slug])).json()
    assert event["current_round"] == 1 and event["format"] == "progressive"
    rounds = client.get(reverse("api_v1:read_rounds", args=[slug])).json()["rounds"]
    table = rounds[0]["tables"][0]
    assert [seat["seat"] for seat in table["seats"]] == ["N", "E", "S", "W"]
    one = client.get(reverse("api_v1:read_round", args=[slug, 1])).json()
    assert one["number"] == 1 and len(one["tables"]) == 2


def test_an_unknown_round_is_a_404_saying_so(client, read_world):
    response = client.get(reverse("api_v1:read_round", args=[read_world.tournament.slug, 9]))
    assert response.status_code == 404 and "round 9" in response.json()["detail"]


def test_the_leaderboard_has_every_player_with_the_pages_figures(client, read_world):
    body = client.get(reverse("api_v1:read_leaderboard", args=[read_world.tournament.slug]))
    rows = body.json()["rows"]
    assert len(rows) == 8
    assert {"place", "player", "points", "rounds_played", "prize_cents"} <= set(rows[0])


def test_a_bracket_event_has_no_individual_leaderboard(client, db):
    event = bracket(4)
    response = client.get(reverse("api_v1:read_leaderboard", args=[event.slug]))
    assert response.status_code == 404 and "progressive" in response.json()["detail"]
