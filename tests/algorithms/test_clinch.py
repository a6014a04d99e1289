"""Clinch and elimination: the exact method against every completion, and named cases."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.clinch import ALIVE, CLINCHED, ELIMINATED, clinch_status


def brute_force(games_won, remaining, places, outsiders=()):
    """Every split of every fixture: the definitions word for word. ``outsiders`` play but
    are not in the race (they are left out of every count and of the answer)."""
    teams = [t for t in games_won if t not in outsiders]
    splits = [range(games + 1) for _, _, games in remaining]
    clinched = dict.fromkeys(teams, True)
    eliminated = dict.fromkeys(teams, True)
    for split in itertools.product(*splits):
        final = dict(games_won)
        for (a, b, games), to_a in zip(remaining, split, strict=True):
            final[a] += to_a
            final[b] += games - to_a
        for t in teams:
            at_least = sum(1 for s in teams if s != t and final[s] >= final[t])
            more = sum(1 for s in teams if s != t and final[s] > final[t])
            clinched[t] = clinched[t] and at_least <= places - 1
            eliminated[t] = eliminated[t] and more >= places
    return {t: CLINCHED if clinched[t] else ELIMINATED if eliminated[t] else ALIVE for t in teams}


@st.composite
def races(draw):
    count = draw(st.integers(2, 6))
    teams = [f"T{i}" for i in range(count)]
    won = {t: draw(st.integers(0, 9)) for t in teams}
    pairs = list(itertools.combinations(teams, 2))
    fixtures = draw(st.lists(st.sampled_from(pairs), max_size=6))
    remaining = [
        (a, b, draw(st.integers(0, 3))) if draw(st.booleans()) else (b, a, draw(st.integers(0, 3)))
        for a, b in fixtures
    ]
    places = draw(st.integers(1, count + 1))
    return won, remaining, places


@settings(max_examples=1500, deadline=None)
@given(races())
def test_the_states_match_every_completion_enumerated(race):
    won, remaining, places = race
    assert clinch_status(won, remaining, places) == brute_force(won, remaining, places)


@settings(max_examples=400, deadline=None)
@given(races(), st.data())
def test_games_against_teams_outside_the_race_may_go_either_way(race, data):
    won, remaining, places = race
    outsiders = data.draw(st.sets(st.sampled_from(sorted(won)), max_size=2))
    inside = {t: w for t, w in won.items() if t not in outsiders}
    if not inside:
        return
    outside = {}
    for a, b, games in remaining:
        for team, other in ((a, b), (b, a)):
            if team in inside and other in outsiders:
                outside[team] = outside.get(team, 0) + games
    among = [(a, b, g) for a, b, g in remaining if a in inside and b in inside]
    expected = brute_force({**inside, **{o: 0 for o in outsiders}}, remaining, places, outsiders)
    assert clinch_status(inside, among, places, outside=outside) == expected


@pytest.mark.parametrize("seed", range(60))
def test_close_races_with_many_teams_level_match_every_completion(seed):
    # Level totals and many fixtures among few teams: the over-full sets overlap, so the
    # search (not the shortcuts) decides.
    rng = random.Random(seed)
    teams = list(range(rng.randint(4, 7)))
    won = {t: rng.randint(3, 5) for t in teams}
    remaining = [(*rng.sample(teams, 2), rng.randint(1, 3)) for _ in range(rng.randint(3, 7))]
    places = rng.randint(1, len(teams) - 1)
    assert clinch_status(won, remaining, places) == brute_force(won, remaining, places)


def test_a_leader_out_of_reach_has_clinched_first_and_everyone_else_is_out_of_it():
    won = {"A": 20, "B": 12, "C": 10, "D": 4}
    remaining = [("A", "B", 3), ("C", "D", 3), ("B", "C", 3)]
    assert clinch_status(won, remaining, 1) == {
        "A": CLINCHED,
        "B": ELIMINATED,
        "C": ELIMINATED,
        "D": ELIMINATED,
    }
    # Two places: C (up to 16) can catch B (12 if it loses), so neither is settled.
    assert clinch_status(won, remaining, 2) == {
        "A": CLINCHED,
        "B": ALIVE,
        "C": ALIVE,
        "D": ELIMINATED,
    }


def test_a_tie_at_the_top_is_not_a_clinch_but_keeps_the_other_alive():
    # B can draw level with A (12-12) but never pass: ties are unbroken, so A has not
    # clinched and B is not out.
    won = {"A": 12, "B": 9}
    assert clinch_status(won, [("A", "B", 3)], 1) == {"A": ALIVE, "B": ALIVE}
    assert clinch_status({"A": 13, "B": 9}, [("A", "B", 3)], 1) == {
        "A": CLINCHED,
        "B": ELIMINATED,
    }


def test_the_classic_case_where_a_team_is_out_only_because_the_others_play_each_other():
    # D can reach 10, and each of A, B, C alone stays at or under 10 if it loses, but A, B
    # and C play 9 games among themselves starting at 8, 8, 8: one must end on 11 or more.
    won = {"A": 8, "B": 8, "C": 8, "D": 7}
    remaining = [("A", "B", 3), ("B", "C", 3), ("A", "C", 3), ("D", "A", 3)]
    states = clinch_status(won, remaining, 1)
    assert states["D"] == ELIMINATED
    assert brute_force(won, remaining, 1)["D"] == ELIMINATED
    assert clinch_status(won, remaining, 2)["D"] == ALIVE


def test_a_team_with_no_fixtures_left_is_judged_on_its_total():
    won = {"A": 15, "B": 6, "C": 5, "D": 5}
    remaining = [("B", "C", 3), ("C", "D", 3)]
    assert clinch_status(won, remaining, 1)["A"] == CLINCHED
    assert clinch_status({**won, "A": 9}, remaining, 1)["A"] == ALIVE
    assert clinch_status({**won, "A": 5}, remaining, 2)["A"] == ELIMINATED


def test_as_many_places_as_teams_clinches_everyone():
    won = {"A": 0, "B": 30, "C": 2}
    assert set(clinch_status(won, [("A", "B", 3)], 3).values()) == {CLINCHED}
    assert set(clinch_status(won, [], 5).values()) == {CLINCHED}


def test_with_nothing_left_to_play_the_order_is_final():
    won = {"A": 9, "B": 7, "C": 7, "D": 2}
    assert clinch_status(won, [], 1) == {
        "A": CLINCHED,
        "B": ELIMINATED,
        "C": ELIMINATED,
        "D": ELIMINATED,
    }
    # Two places: B and C tie for second, so neither has clinched nor is out.
    assert clinch_status(won, [], 2) == {"A": CLINCHED, "B": ALIVE, "C": ALIVE, "D": ELIMINATED}


def test_top_two_needs_the_search_when_three_teams_are_level():
    # Vertex-cover shaped: all level, a triangle of one-game fixtures. Whoever wins a game
    # passes D, and the three games cannot all go to one team: two teams always pass D.
    won = {"A": 5, "B": 5, "C": 5, "D": 5}
    remaining = [("A", "B", 1), ("B", "C", 1), ("A", "C", 1)]
    assert clinch_status(won, remaining, 2)["D"] == ELIMINATED
    assert clinch_status(won, remaining, 3)["D"] == ALIVE
    assert brute_force(won, remaining, 2)["D"] == ELIMINATED


def test_fixtures_listed_twice_add_up_and_empty_fixtures_change_nothing():
    won = {"A": 10, "B": 5}
    once = clinch_status(won, [("A", "B", 6)], 1)
    assert clinch_status(won, [("A", "B", 3), ("B", "A", 3), ("A", "B", 0)], 1) == once
    assert once == {"A": ALIVE, "B": ALIVE}


@pytest.mark.parametrize(
    ("won", "remaining", "places", "message"),
    [
        ({"A": 1}, [], 0, "at least one place"),
        ({"A": 1}, [("A", "Z", 3)], 1, "no games won"),
        ({"A": 1, "B": 1}, [("A", "A", 3)], 1, "itself"),
        ({"A": 1, "B": 1}, [("A", "B", -1)], 1, "negative"),
        ({"A": -1, "B": 1}, [], 1, "negative"),
    ],
)
def test_bad_input_is_refused_with_a_reason(won, remaining, places, message):
    with pytest.raises(ValueError, match=message):
        clinch_status(won, remaining, places)


def test_teams_keep_their_names_and_order():
    won = {("lvl", 2): 3, ("lvl", 1): 1}
    assert list(clinch_status(won, [(("lvl", 2), ("lvl", 1), 3)], 1)) == [("lvl", 2), ("lvl", 1)]


# The search's shortcuts, each on a case built to need it (and checked by enumeration).
TRIANGLE = [("A", "B", 3), ("B", "C", 2), ("A", "C", 2)]  # 7 games for 6 of room under 10
PATH = [("E", "F", 2), ("F", "G", 2)]  # room to spare in all, none alone


def test_a_tight_triangle_beside_room_elsewhere_still_puts_a_team_out():
    won = {"A": 8, "B": 8, "C": 8, "D": 7, "E": 9, "F": 7, "G": 9}
    remaining = [*TRIANGLE, *PATH, ("D", "A", 3)]
    assert clinch_status(won, remaining, 1)["D"] == ELIMINATED
    assert brute_force(won, remaining, 1)["D"] == ELIMINATED


def test_two_separate_tight_triangles_need_two_teams_to_pass():
    won = {"A": 8, "B": 8, "C": 8, "X": 8, "Y": 8, "Z": 8, "D": 7, "E": 9, "F": 7, "G": 9}
    second = [("X", "Y", 3), ("Y", "Z", 2), ("X", "Z", 2)]
    remaining = [*TRIANGLE, *second, *PATH, ("D", "A", 3)]
    for places in (2, 3):
        assert (
            clinch_status(won, remaining, places)["D"] == brute_force(won, remaining, places)["D"]
        )
    assert clinch_status(won, remaining, 2)["D"] == ELIMINATED
    assert clinch_status(won, remaining, 3)["D"] == ALIVE


def test_chasers_who_must_share_their_games_cannot_all_catch_the_leader():
    # a and b need 2 each from their 3 games, so do c and d: at most two reach 10.
    won = {"t": 10, "a": 8, "b": 8, "c": 8, "d": 8}
    remaining = [("a", "b", 3), ("c", "d", 3)]
    assert clinch_status(won, remaining, 3)["t"] == CLINCHED
    assert clinch_status(won, remaining, 2)["t"] == ALIVE
    assert clinch_status(won, remaining, 3) == brute_force(won, remaining, 3)


@pytest.mark.parametrize(
    ("won", "remaining", "places"),
    [
        # every team it might let pass fails in turn (found by a random search for it)
        (
            {0: 5, 1: 6, 2: 5, 3: 6, 4: 7, 5: 6, 6: 6},
            [(4, 6, 2), (5, 2, 3), (2, 3, 1), (2, 6, 3), (2, 1, 3)],
            2,
        ),
        # every chaser it might give up fails in turn
        (
            {0: 5, 1: 4, 2: 6, 3: 5, 4: 5, 5: 7, 6: 4, 7: 5},
            [(1, 7, 3), (0, 6, 3), (4, 2, 3), (1, 3, 2), (0, 1, 1)],
            6,
        ),
        # all level, one game on each edge of a complete graph of four: three must pass
        (
            {"A": 5, "B": 5, "C": 5, "D": 5, "E": 5},
            [(a, b, 1) for a, b in itertools.combinations("ABCD", 2)],
            3,
        ),
    ],
)
def test_searches_that_try_every_branch_agree_with_every_completion(won, remaining, places):
    assert clinch_status(won, remaining, places) == brute_force(won, remaining, places)
