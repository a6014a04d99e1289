"""Dealing entries into flights: by rating, a pair's mean, by ladder, fixed at the start."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import UserFactory
from tests.tournaments.factories import bracket, progressive, started
from tests.tournaments.flight_helpers import ABC, flights_of, rate, rate_entries
from tournaments.errors import TournamentError
from tournaments.flight_sources import _lookup, register_ladder_positions
from tournaments.models import Entry
from tournaments.services.flights import flights_assign
from tournaments.services.lifecycle import entry_arrive_late

pytestmark = pytest.mark.django_db


@pytest.fixture
def ladder():
    """Stand in for people's ladder lookup, and put the real one back after."""
    kept = list(_lookup)
    positions: dict[int, int] = {}
    register_ladder_positions(lambda tournament: positions)
    yield positions
    _lookup[:] = kept


def test_the_start_deals_the_field_by_rating_and_keeps_each_rating():
    tournament = progressive(8, flight_basis="rating", flights=ABC)
    rate_entries(tournament, [1000, 1400, 900, 1200, 1100, 1300, 800, 1000])
    started(tournament)
    assert flights_of(tournament) == {
        1: "C", 2: "A", 3: "C", 4: "B", 5: "B", 6: "A", 7: "C", 8: "C"
    }  # fmt: skip
    assert tournament.entries.get(number=2).rating_before == 1400


def test_games_after_the_start_move_nobody_between_flights():
    tournament = started(progressive(8, flight_basis="rating", flights=ABC))
    top = tournament.entries.get(number=8)
    assert top.flight == "C"
    rate(top.player_id, 2000)  # rated up by tonight's games
    top.refresh_from_db()
    assert (top.flight, top.rating_before) == ("C", 1000)


def test_a_partnership_is_rated_by_the_mean_of_its_two_players():
    tournament = bracket(4, flight_basis="rating", flights=ABC)
    entries = rate_entries(tournament, [1000, 1000, 1000, 1000])
    rate(entries[0].player_id, 1500)  # pair 1: (1500 + 1000) / 2 = 1250
    rate(entries[1].player_id, 1200)
    rate(entries[1].partner_id, 1200)  # pair 2: 1200
    flights_assign(tournament=tournament, by=tournament.director)
    assert flights_of(tournament) == {1: "A", 2: "A", 3: "B", 4: "B"}
    assert tournament.entries.get(number=1).rating_before == 1250


def test_by_ladder_positions_come_first_and_the_rest_follow_by_rating(ladder):
    tournament = progressive(6, flight_basis="ladder", flights=ABC)
    entries = rate_entries(tournament, [1500, 1000, 1400, 900, 1300, 1200])
    ladder.update({entries[3].player_id: 1, entries[1].player_id: 2})
    flights_assign(tournament=tournament, by=tournament.director)
    # Ladder 4 then 2; then by rating 1 (1500), 3 (1400), 5 (1300), 6 (1200).
    assert flights_of(tournament) == {1: "B", 2: "A", 3: "B", 4: "A", 5: "C", 6: "C"}


def test_an_event_in_no_ladder_orders_everyone_by_rating():
    tournament = progressive(4, flight_basis="ladder", flights=ABC[:2])
    rate_entries(tournament, [900, 1000, 1100, 1200])
    flights_assign(tournament=tournament, by=tournament.director)
    assert flights_of(tournament) == {1: "B", 2: "B", 3: "A", 4: "A"}


def test_the_start_deals_again_from_the_players_checked_in_then():
    tournament = progressive(9, checked_in=False, flight_basis="rating", flights=ABC)
    flights_assign(tournament=tournament, by=tournament.director)
    assert flights_of(tournament)[9] == "C"
    from tournaments.services import entry_check_in

    for entry in tournament.entries.exclude(number=9):
        entry_check_in(entry=entry)
    started(tournament)
    assert flights_of(tournament)[9] == ""  # a no-show is in no flight
    assert tournament.entries.get(number=9).status == Entry.Status.NO_SHOW


def test_flights_cannot_be_assigned_after_the_start():
    tournament = started(progressive(8, flight_basis="rating", flights=ABC))
    before = flights_of(tournament)
    with pytest.raises(TournamentError, match="fixed once the event has started"):
        flights_assign(tournament=tournament, by=tournament.director)
    assert flights_of(tournament) == before


def test_only_the_director_assigns_flights():
    tournament = progressive(8, flight_basis="rating", flights=ABC)
    with pytest.raises(PermissionDenied):
        flights_assign(tournament=tournament, by=UserFactory())
    assert set(flights_of(tournament).values()) == {""}


def test_an_event_without_flights_is_told_to_set_them_up():
    tournament = progressive(4)
    with pytest.raises(TournamentError, match="has no flights"):
        flights_assign(tournament=tournament, by=tournament.director)


def test_a_late_arrival_joins_the_last_flight():
    tournament = progressive(9, checked_in=False, flight_basis="rating", flights=ABC)
    from tournaments.services import entry_check_in

    for entry in tournament.entries.exclude(number=9):
        entry_check_in(entry=entry)
    tournament = started(tournament)
    late = entry_arrive_late(entry=tournament.entries.get(number=9), by=tournament.director)
    assert (late.flight, late.rating_before) == ("C", 1000)
