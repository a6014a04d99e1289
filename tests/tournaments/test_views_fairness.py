"""The public fairness sheet page."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import bracket, progressive, started

pytestmark = pytest.mark.django_db


def _url(tournament):
    return reverse("tournaments:fairness", args=[tournament.slug])


@pytest.mark.parametrize("players", [8, 40])
def test_the_sheet_is_one_page_of_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, players
):
    tournament = started(progressive(players, rounds=3))
    with django_assert_max_num_queries(6):
        response = client.get(_url(tournament))
    content = response.content.decode()
    assert response.status_code == 200
    assert "<strong>The rotation:</strong> No one partners anyone twice;" in content
    assert content.count("<tr>") == players + 1


def test_before_the_start_the_sheet_says_the_rotation_is_drawn_then(client):
    tournament = progressive(8)
    assert b"The rotation is drawn when the event starts." in client.get(_url(tournament)).content


def test_only_progressive_events_have_a_fairness_sheet(client):
    assert client.get(_url(started(bracket(4)))).status_code == 404


def test_the_event_page_links_the_sheet_the_room_and_the_calendar(client):
    tournament = started(progressive(8, rounds=2))
    content = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert f'href="{_url(tournament)}"' in content
    assert reverse("tournaments:big_screen", args=[tournament.slug]) in content
    assert reverse("tournaments:calendar", args=[tournament.slug]) in content
