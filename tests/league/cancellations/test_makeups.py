"""The pure placement of cancelled fixtures on makeup nights."""

import datetime

import pytest

from league.cancellations.makeups import (
    MakeupError,
    Night,
    Pending,
    Seat,
    assign_makeups,
    night_label,
)

THU = datetime.date(2030, 9, 5)
NEXT_THU = datetime.date(2030, 9, 12)
SEATS = [Seat(1, venue_id=10), Seat(2, venue_id=10), Seat(3, venue_id=20)]


def _pending(pk: int, home: int, away: int, table: int | None = None, venue: int | None = None):
    return Pending(pk, f"T{home} v T{away}", frozenset({home, away}), table, venue)


def test_each_fixture_goes_to_the_earliest_night_and_keeps_its_table():
    moves = assign_makeups(
        [_pending(1, 1, 2, table=2, venue=10), _pending(2, 3, 4, table=1, venue=10)],
        [Night(NEXT_THU), Night(THU)],
        SEATS,
    )
    assert [(m.fixture_id, m.date, m.table_id) for m in moves] == [(1, THU, 2), (2, THU, 1)]


def test_a_team_plays_once_a_night():
    nights = [Night(THU, busy_teams={2}), Night(NEXT_THU)]
    moves = assign_makeups([_pending(1, 1, 2), _pending(2, 3, 4)], nights, SEATS)
    assert [m.date for m in moves] == [NEXT_THU, THU]


def test_two_cancelled_fixtures_of_one_team_go_to_different_nights():
    moves = assign_makeups(
        [_pending(1, 1, 2), _pending(2, 1, 3)], [Night(THU), Night(NEXT_THU)], SEATS
    )
    assert [m.date for m in moves] == [THU, NEXT_THU]


def test_a_table_holds_one_fixture_a_night_and_the_same_venue_comes_first():
    nights = [Night(THU, busy_tables={1}), Night(NEXT_THU)]
    moves = assign_makeups(
        [_pending(1, 1, 2, table=1, venue=10), _pending(2, 3, 4, table=2, venue=10)],
        nights,
        SEATS,
    )
    # Fixture 1's own table is taken on Thursday: another table at its venue.
    assert [(m.date, m.table_id) for m in moves] == [(THU, 2), (THU, 3)]


def test_a_full_night_sends_the_rest_to_the_next_one():
    nights = [Night(THU, busy_tables={1, 2}), Night(NEXT_THU)]
    moves = assign_makeups([_pending(1, 1, 2), _pending(2, 3, 4), _pending(3, 5, 6)], nights, SEATS)
    assert [(m.date, m.table_id) for m in moves] == [(THU, 3), (NEXT_THU, 1), (NEXT_THU, 2)]


def test_picked_nights_are_placed_first_and_the_rest_fill_around_them():
    nights = [Night(THU, busy_tables={1, 2}), Night(NEXT_THU)]
    moves = assign_makeups([_pending(1, 1, 2), _pending(2, 3, 4)], nights, SEATS, picks={2: THU})
    assert [(m.fixture_id, m.date, m.table_id) for m in moves] == [(1, NEXT_THU, 1), (2, THU, 3)]


def test_a_pick_that_is_not_a_makeup_night_is_refused():
    with pytest.raises(MakeupError, match="isn't one of the season's makeup dates"):
        assign_makeups([_pending(1, 1, 2)], [Night(THU)], SEATS, picks={1: NEXT_THU})


def test_a_pick_where_a_team_already_plays_is_refused():
    with pytest.raises(MakeupError, match="T1 v T2 can't go there: one of its teams already plays"):
        assign_makeups([_pending(1, 1, 2)], [Night(THU, busy_teams={1})], SEATS, picks={1: THU})


def test_no_room_anywhere_names_the_fixture():
    nights = [Night(THU, busy_tables={1, 2, 3})]
    with pytest.raises(MakeupError, match="No makeup date has room for T1 v T2"):
        assign_makeups([_pending(1, 1, 2)], nights, SEATS)


def test_without_tables_only_the_teams_limit_a_night():
    moves = assign_makeups([_pending(1, 1, 2), _pending(2, 3, 4)], [Night(THU)], [])
    assert [(m.date, m.table_id) for m in moves] == [(THU, None), (THU, None)]


def test_night_labels_read_like_a_poster():
    assert night_label(datetime.date(2026, 11, 3)) == "Tue 3 Nov"
    assert night_label(datetime.date(2027, 1, 5), this_year=2026) == "Tue 5 Jan 2027"
