from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from algorithms.ladder import LadderError, LadderRow, event_points, ladder_standings

TABLE = [10, 8, 6, 5, 4, 3, 2, 1]


def by_player(rows: list[LadderRow]) -> dict:
    return {row.player: row for row in rows}


def test_tied_players_share_the_points_of_the_places_they_cover():
    rows = by_player(ladder_standings([{1: 1, 2: 2, 3: 2, 4: 4}], [10, 8, 6, 5], None, 0))
    assert [rows[p].total for p in (1, 2, 3, 4)] == [10, 7, 7, 5]


def test_a_three_way_tie_keeps_its_thirds_exactly():
    rows = ladder_standings([{1: 1, 2: 1, 3: 1}], [1, 0, 0], None, 0)
    assert {row.total for row in rows} == {Fraction(1, 3)}
    assert all(isinstance(row.total, Fraction) for row in rows)
    # Three thirds make exactly one: nothing lost to rounding.
    assert sum(row.total for row in rows) == 1


def test_totals_compare_equal_to_plain_numbers():
    rows = by_player(ladder_standings([{1: 1, 2: 1}], [10, 5], None, 0))
    assert rows[1].total == 7.5
    assert rows[1].total == Fraction(15, 2)


def test_places_beyond_the_table_earn_nothing():
    rows = by_player(ladder_standings([{1: 1, 2: 2, 3: 3}], [5, 3], None, 0))
    assert rows[3].total == 0


def test_a_tie_straddling_the_end_of_the_table_shares_only_what_the_table_pays():
    assert event_points({"a": 2, "b": 2}, [Fraction(5), Fraction(3)]) == {
        "a": Fraction(3, 2),
        "b": Fraction(3, 2),
    }


def test_only_the_best_events_count_when_best_of_is_set():
    events = [{1: 1}, {1: 3}, {1: 2}]
    row = ladder_standings(events, TABLE, 2, 0)[0]
    assert row.total == 18
    assert row.counted == frozenset({0, 2})
    assert row.events == 3


def test_every_event_counts_without_best_of():
    row = ladder_standings([{1: 1}, {1: 3}, {1: 2}], TABLE, None, 0)[0]
    assert row.total == 24
    assert row.counted == frozenset({0, 1, 2})


def test_players_short_of_the_minimum_follow_unranked():
    events = [{1: 1, 2: 2}, {2: 1, 3: 2}]
    rows = ladder_standings(events, TABLE, None, 2)
    assert [(row.player, row.rank, row.qualified) for row in rows] == [
        (2, 1, True),
        (1, None, False),
        (3, None, False),
    ]


def test_more_first_places_break_a_tie_on_total():
    # 1 wins once and is 3rd once (10 + 6); 2 is 2nd twice (8 + 8).
    rows = ladder_standings([{1: 1, 2: 2}, {1: 3, 2: 2, 3: 1}], [10, 8, 6], None, 0)
    assert [row.player for row in rows[:2]] == [1, 2]
    assert [row.rank for row in rows[:2]] == [1, 2]


def test_more_second_places_break_a_tie_on_total_and_firsts():
    # Both total 13 with one first; 2 has a second place more.
    points = [7, 6, 3, 0]
    events = [{1: 1, 2: 2}, {1: 3, 2: 1}, {1: 3, 2: 4}]
    rows = by_player(ladder_standings(events, points, None, 0))
    assert rows[1].total == rows[2].total == 13
    assert rows[2].rank == 1 and rows[1].rank == 2


def test_players_equal_on_everything_share_a_rank_and_the_next_is_skipped():
    rows = ladder_standings([{1: 1, 2: 2, 3: 2, 4: 4}], [10, 8, 6, 5], None, 0)
    assert [row.rank for row in rows] == [1, 2, 2, 4]
    assert [row.player for row in rows] == [1, 2, 3, 4]


def test_fully_tied_players_are_listed_by_player_id():
    rows = ladder_standings([{9: 1, 3: 1, 5: 1}], TABLE, None, 0)
    assert [row.player for row in rows] == [3, 5, 9]


def test_each_row_keeps_its_places_and_points_per_event():
    row = by_player(ladder_standings([{1: 2}, {2: 1}, {1: 1}], TABLE, None, 0))[1]
    assert row.results == ((0, 2, Fraction(8)), (2, 1, Fraction(10)))
    assert row.places == (2, 1)


@pytest.mark.parametrize(
    ("events", "points", "best_of", "min_events", "message"),
    [
        ([], TABLE, None, 0, "at least one event"),
        ([{1: 1}], [10, -1], None, 0, "can't be negative"),
        ([{1: 1}], TABLE, 0, 0, "at least 1"),
        ([{1: 1}], TABLE, None, -1, "can't be negative"),
        ([{1: 0}], TABLE, None, 0, "1 or more"),
        ([{1: 1.5}], TABLE, None, 0, "whole number"),
        ([{1: "1"}], TABLE, None, 0, "whole number"),
        ([{1: True}], TABLE, None, 0, "whole number"),
        ([{1: 1}], ["ten"], None, 0, "must be a number"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(events, points, best_of, min_events, message):
    with pytest.raises(LadderError, match=message):
        ladder_standings(events, points, best_of, min_events)


def test_a_ladder_error_is_a_value_error():
    assert issubclass(LadderError, ValueError)


# Events: each a ranking of up to 8 players with ties, from competition ranks of scores.
@st.composite
def event(draw):
    players = draw(st.lists(st.integers(1, 12), unique=True, min_size=1, max_size=8))
    scores = draw(st.lists(st.integers(0, 3), min_size=len(players), max_size=len(players)))
    ordered = sorted(scores, reverse=True)
    return {p: ordered.index(s) + 1 for p, s in zip(players, scores, strict=True)}


events_strategy = st.lists(event(), min_size=1, max_size=6)
points_strategy = st.lists(st.integers(0, 20), max_size=10)


@given(events_strategy, points_strategy)
def test_ties_neither_create_nor_lose_points(events, points):
    for places in events:
        earned = event_points(places, [Fraction(p) for p in points])
        paid = sum(points[: len(places)]) if len(places) <= len(points) else sum(points)
        assert sum(earned.values()) == paid


@given(events_strategy, points_strategy, st.none() | st.integers(1, 6), st.integers(0, 6))
def test_the_ladder_is_ordered_and_ranked_consistently(events, points, best_of, min_events):
    rows = ladder_standings(events, points, best_of, min_events)
    assert len({row.player for row in rows}) == len(rows)
    qualified = [row for row in rows if row.qualified]
    assert rows[: len(qualified)] == qualified
    assert all(row.rank is None for row in rows[len(qualified) :])
    totals = [row.total for row in qualified]
    assert totals == sorted(totals, reverse=True)
    if qualified:
        assert qualified[0].rank == 1
    for position, row in enumerate(qualified, start=1):
        assert row.rank <= position
        assert row.events >= min_events
        assert len(row.counted) == (row.events if best_of is None else min(best_of, row.events))


@given(events_strategy, points_strategy)
def test_best_of_never_gives_more_than_every_event(events, points):
    everything = by_player(ladder_standings(events, points, None, 0))
    best_one = by_player(ladder_standings(events, points, 1, 0))
    for player, row in best_one.items():
        assert row.total <= everything[player].total
        assert row.total == max(earned for _, _, earned in everything[player].results)
