"""The pure flights module: ordering, dealing, places and prizes within each flight."""

import pytest

from tournaments.flights import (
    Flight,
    deal,
    flight_places,
    flight_prizes,
    flights_from_data,
    flights_problems,
    order_by_ladder,
    order_by_rating,
)

ABC = [Flight("A", 2), Flight("B", 2), Flight("C", None)]


def test_entries_are_dealt_best_first_and_the_last_flight_takes_the_rest():
    dealt = deal([1, 2, 3, 4, 5, 6, 7], ABC)
    assert dealt == {1: "A", 2: "A", 3: "B", 4: "B", 5: "C", 6: "C", 7: "C"}


def test_a_small_field_leaves_the_later_flights_empty():
    assert deal([1, 2, 3], ABC) == {1: "A", 2: "A", 3: "B"}


def test_rating_order_is_highest_first_and_equals_keep_registration_order():
    assert order_by_rating([1, 2, 3, 4], {1: 1000, 2: 1200, 3: 1000, 4: 1300}) == [4, 2, 1, 3]


def test_ladder_order_puts_players_without_a_position_last_by_rating():
    ratings = {1: 1500, 2: 1000, 3: 1200, 4: 900}
    assert order_by_ladder([1, 2, 3, 4], {4: 1, 2: 2}, ratings) == [4, 2, 1, 3]


def test_places_within_a_flight_count_only_its_entries_and_ties_share():
    # Event places 3, 5, 5, 9 are the flight's 1st, 2nd (tied) and 4th.
    assert flight_places([(7, 3), (8, 5), (9, 5), (10, 9)]) == {7: 1, 8: 2, 9: 2, 10: 4}


def test_each_flight_splits_its_own_purse_and_ties_share():
    flights = [Flight("A", 2, (5000, 2000)), Flight("B", None, (3000, 1001))]
    ranking = [(1, 1), (2, 2), (3, 3), (4, 3), (5, 5)]
    flight_of = {1: "A", 2: "A", 3: "B", 4: "B", 5: "B"}
    paid = flight_prizes(flights, ranking, flight_of)
    # B's two tied leaders pool 1st and 2nd (40.01): the odd cent to the one listed first.
    assert paid == {1: 5000, 2: 2000, 3: 2001, 4: 2000, 5: 0}


def test_an_entry_in_no_flight_wins_nothing():
    paid = flight_prizes([Flight("A", 1, (100,)), Flight("B", None)], [(1, 1)], {})
    assert paid == {1: 0}


def test_stored_flights_read_back_with_the_last_taking_the_rest():
    data = [{"name": "A", "size": 8, "prizes": [100]}, {"name": "B", "size": 3, "prizes": []}]
    assert flights_from_data(data) == [Flight("A", 8, (100,)), Flight("B", None, ())]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ("A", "Flights are a list."),
        ([{"name": "A", "size": 1}], "One flight is the whole field"),
        ([{"name": f"F{n}", "size": 1} for n in range(7)], "At most 6 flights."),
        ([{"name": "A", "size": 0}, {"name": "B"}], "Flight A needs a size between 1"),
        ([{"name": "A", "size": True}, {"name": "B"}], "Flight A needs a size between 1"),
        ([{"name": "A", "size": 2}, {"name": "a"}], "Each flight needs its own name."),
        ([{"name": "", "size": 2}, {"name": "B"}], "Flight 1 needs a name"),
        ([{"name": "A", "size": 2, "prizes": [-1]}, {"name": "B"}], "prizes are amounts of 0"),
    ],
)
def test_flights_that_make_no_sense_are_refused_with_a_reason(data, problem):
    assert any(problem in text for text in flights_problems(data))
    with pytest.raises(ValueError, match=problem.split(" ")[0]):
        flights_from_data(data)
