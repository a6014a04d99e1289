"""Flights on the pages: the leaderboard and room display by flight, prizes per flight,
the director's "Assign flights now"."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import progressive, started
from tests.tournaments.flight_helpers import ABC, flights_of, rate_entries
from tournaments.models import Round
from tournaments.selectors import progressive_leaderboard
from tournaments.selectors.progressive import board_flight

pytestmark = pytest.mark.django_db


def _flighted(players: int = 8, **kwargs):
    tournament = progressive(players, rounds=2, flight_basis="rating", flights=ABC, **kwargs)
    rate_entries(tournament, [2000 - 10 * n for n in range(players)])  # 1 best … n worst
    return started(tournament)


def _confirm_round(confirm, tournament, scores_by_table):
    row = Round.objects.get(tournament=tournament, number=1)
    for table, scores in zip(row.tables.order_by("number"), scores_by_table, strict=True):
        confirm(table.game, scores, tournament.director)


def test_each_flight_is_paid_its_own_purse_with_ties_sharing(confirm):
    tournament = _flighted()
    _confirm_round(confirm, tournament, [{"N": 9, "S": 9, "E": 4, "W": 4}] * 2)
    board = progressive_leaderboard(tournament)
    paid = {row.entry.number: row.prize_cents for row in board.rows}
    by_flight: dict[str, list[int]] = {}
    for row in board.rows:
        by_flight.setdefault(row.flight, []).append(row.prize_cents)
    # Every flight pays out its whole purse over its own players, ties shared.
    assert sum(by_flight["A"]) == 7000 and sum(by_flight["B"]) == 4000
    assert sum(by_flight["C"]) == 1500
    assert sum(paid.values()) == 12500
    c_board = board_flight(board, "C")
    places = [(row.standing.place, row.standing.tied) for row in c_board.rows]
    assert places[0][0] == 1 and all(place >= 1 for place, _ in places)


def test_a_tie_inside_a_flight_shares_its_places_prizes(confirm):
    tournament = _flighted()
    # Everyone scores the same: each flight's players all tie for its first place.
    _confirm_round(confirm, tournament, [{"N": 5, "S": 5, "E": 5, "W": 5}] * 2)
    board = progressive_leaderboard(tournament)
    a_rows = board_flight(board, "A").rows
    assert [(r.standing.place, r.standing.tied) for r in a_rows] == [(1, True), (1, True)]
    assert sorted(r.prize_cents for r in a_rows) == [3500, 3500]  # (50 + 20) / 2


def test_the_leaderboard_shows_one_flight_placed_within_it(client, confirm):
    tournament = _flighted()
    _confirm_round(confirm, tournament, [{"N": 9, "S": 9, "E": 4, "W": 4}] * 2)
    url = reverse("tournaments:leaderboard", args=[tournament.slug])
    page = client.get(url, {"flight": "B"}).content.decode()
    b_players = tournament.entries.filter(flight="B").values_list("player__name", flat=True)
    a_players = tournament.entries.filter(flight="A").values_list("player__name", flat=True)
    assert "Leaderboard · flight B" in page
    assert all(name in page for name in b_players)
    assert not any(name in page for name in a_players)
    whole = client.get(url).content.decode()
    assert all(name in whole for name in a_players) and "?flight=C" in whole


@pytest.mark.parametrize("value", ["Z", "a", "\x00", "x" * 300, "²"])
def test_an_unknown_flight_shows_the_whole_board_with_a_message(client, value):
    tournament = _flighted()
    for name in ("leaderboard", "big_screen", "big_screen_panel"):
        response = client.get(
            reverse(f"tournaments:{name}", args=[tournament.slug]), {"flight": value}
        )
        assert response.status_code == 200
        assert "There is no such flight" in response.content.decode()


def test_an_event_without_flights_says_so_for_a_flight_asked(client):
    tournament = started(progressive(4))
    url = reverse("tournaments:leaderboard", args=[tournament.slug])
    assert "has no flights" in client.get(url, {"flight": "A"}).content.decode()


@pytest.mark.parametrize("players", [8, 40])
def test_a_flight_of_the_leaderboard_takes_the_same_few_queries_for_any_field(
    client, django_assert_max_num_queries, players
):
    tournament = _flighted(players)
    for name in ("leaderboard", "big_screen", "big_screen_panel"):
        url = reverse(f"tournaments:{name}", args=[tournament.slug])
        with django_assert_max_num_queries(14):
            assert client.get(url, {"flight": "C"}).status_code == 200


def test_the_room_display_keeps_to_its_flight_from_refresh_to_refresh(client):
    tournament = _flighted()
    url = reverse("tournaments:big_screen", args=[tournament.slug])
    page = client.get(url, {"flight": "A"}).content.decode()
    assert "Flight A" in page and "flight=A" in page
    leaders = page.split('id="room-leaders"')[1]  # the tables seat everyone
    for name, flight in tournament.entries.values_list("player__name", "flight"):
        assert (f">{name}<" in leaders) == (flight == "A")


def test_the_director_assigns_flights_before_the_start(client):
    tournament = progressive(8, flight_basis="rating", flights=ABC)
    client.force_login(tournament.director)
    response = client.post(reverse("tournaments:flights_assign", args=[tournament.slug]))
    assert response.status_code == 302
    assert set(flights_of(tournament).values()) == {"A", "B", "C"}
    page = client.get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    assert "Assign flights now" in page and "flight A" in page


def test_assigning_after_the_start_is_refused_with_a_message(client):
    tournament = _flighted()
    before = flights_of(tournament)
    client.force_login(tournament.director)
    response = client.post(
        reverse("tournaments:flights_assign", args=[tournament.slug]), follow=True
    )
    assert "fixed once the event has started" in response.content.decode()
    assert flights_of(tournament) == before
