"""Final places from a bracket (algorithms.brackets.places)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.brackets import Placing, advance, build_bracket, build_double, placings
from algorithms.brackets.double import GRAND_FINAL


def teams(n):
    return [f"t{i}" for i in range(1, n + 1)]


def play(bracket, pick=lambda m: m.entrant_a, which=None):
    while ready := [m for m in bracket.matches if m.ready and which in (None, m.bracket)]:
        bracket = advance(bracket, ready[0].id, pick(ready[0]))
    return bracket


def test_single_elimination_ties_the_losers_of_each_round():
    bracket = play(build_bracket(teams(8)))

    assert placings(bracket) == [
        Placing(1, ("t1",)),
        Placing(2, ("t2",)),
        Placing(3, ("t4", "t3")),
        Placing(5, ("t8", "t5", "t7", "t6")),
    ]
    assert placings(bracket)[3].last_place == 8


def test_single_elimination_byes_do_not_count_as_losses():
    places = placings(play(build_bracket(teams(12))))

    assert [(p.place, len(p.entrants)) for p in places] == [(1, 1), (2, 1), (3, 2), (5, 4), (9, 4)]


def test_places_appear_as_they_are_decided():
    bracket = build_bracket(teams(4))
    assert placings(bracket) == []

    bracket = advance(bracket, "R1-M1", "t1")
    assert placings(bracket) == [Placing(3, ("t4",))]


def test_the_consolation_bracket_places_nobody():
    bracket = play(build_bracket(teams(8), consolation=True))

    assert sum(len(p.entrants) for p in placings(bracket)) == 8


def test_double_elimination_places_third_and_fourth_apart_then_shares_by_losers_round():
    bracket = play(build_double(teams(12)))

    places = placings(bracket)
    assert [(p.place, len(p.entrants)) for p in places] == [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 2),
        (7, 2),
        (9, 4),
    ]
    assert places[0].entrants == ("t1",)
    assert places[1].entrants == (bracket.match(GRAND_FINAL).entrant_b,)


def test_after_a_reset_the_runner_up_is_the_reset_loser():
    bracket = play(build_double(teams(4)), which="main")
    bracket = play(bracket, which="losers")
    final = bracket.match(GRAND_FINAL)
    bracket = advance(bracket, GRAND_FINAL, final.entrant_b)
    bracket = advance(bracket, "F-R2-M1", final.entrant_a)

    assert placings(bracket)[:2] == [Placing(1, (final.entrant_a,)), Placing(2, (final.entrant_b,))]


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=40),
    seed=st.integers(min_value=0, max_value=10**6),
    double=st.booleans(),
)
def test_a_finished_bracket_places_everyone_once_in_contiguous_places(n, seed, double):
    rng = random.Random(seed)
    fresh = build_double(teams(n)) if double else build_bracket(teams(n))
    bracket = play(fresh, lambda m: rng.choice([m.entrant_a, m.entrant_b]))

    places = placings(bracket)
    assert sorted(e for p in places for e in p.entrants) == sorted(teams(n))
    expected = 1
    for placing in places:
        assert placing.place == expected
        expected = placing.last_place + 1
