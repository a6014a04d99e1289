"""The door's "seats" counter: the tables the checked-in players or teams fill."""

import pytest

from tournaments.seating import Seating, seating_for


@pytest.mark.parametrize(
    ("players", "three_handed", "expected"),
    [
        (0, False, "0 tables"),
        (4, False, "1 table"),
        (22, False, "5 tables · 2 sit out each round"),
        (21, False, "5 tables · 1 sits out each round"),
        (23, False, "5 tables · 3 sit out each round"),
        (23, True, "5 tables and a three-handed table"),
        (22, True, "5 tables · 2 sit out each round"),
        (28, False, "7 tables"),
    ],
)
def test_players_fill_tables_of_four(players, three_handed, expected):
    seating = seating_for(checked_in=players, teams=False, three_handed_rule=three_handed)
    assert str(seating) == expected


def test_teams_fill_tables_of_two_and_an_odd_team_has_a_bye():
    assert seating_for(checked_in=9, teams=True) == Seating(4, 1, teams=True)
    assert str(seating_for(checked_in=9, teams=True)) == "4 tables · one team has a bye"
    assert str(seating_for(checked_in=8, teams=True)) == "4 tables"
