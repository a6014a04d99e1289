import pytest
from hypothesis import given
from hypothesis import strategies as st

from algorithms.prizes import split_prizes


def test_untied_players_take_their_own_places_and_the_rest_get_nothing():
    paid = split_prizes([10000, 6000, 2000], [("ann", 40), ("bob", 35), ("cy", 30), ("di", 20)])
    assert paid == {"ann": 10000, "bob": 6000, "cy": 2000, "di": 0}


def test_tied_players_combine_their_places_and_split_equally():
    paid = split_prizes([10000, 6000, 2000], [("ann", 40), ("bob", 35), ("cy", 35), ("di", 20)])
    assert paid == {"ann": 10000, "bob": 4000, "cy": 4000, "di": 0}


def test_odd_cents_go_to_the_tied_players_listed_first():
    paid = split_prizes([1000, 0, 1], [("a", 9), ("b", 9), ("c", 9)])
    assert paid == {"a": 334, "b": 334, "c": 333}


def test_a_tie_straddling_the_end_of_the_purse_shares_only_the_paid_places():
    paid = split_prizes([500, 301], [("a", 9), ("b", 8), ("c", 8), ("d", 8)])
    assert paid == {"a": 500, "b": 101, "c": 100, "d": 100}


def test_more_places_than_players_pays_only_the_places_taken():
    assert split_prizes([500, 300, 100], [("a", 1)]) == {"a": 500}


def test_ties_must_be_listed_together():
    with pytest.raises(ValueError, match="listed together"):
        split_prizes([3, 2, 1], [("a", 5), ("b", 4), ("c", 5)])


def test_a_player_ranked_twice_or_a_negative_prize_is_refused():
    with pytest.raises(ValueError, match="twice"):
        split_prizes([3], [("a", 5), ("a", 4)])
    with pytest.raises(ValueError, match="negative"):
        split_prizes([-1], [("a", 5)])


@st.composite
def finishes(draw):
    purse = sorted(draw(st.lists(st.integers(0, 100_000), max_size=12)), reverse=True)
    scores = sorted(draw(st.lists(st.integers(0, 6), max_size=20)), reverse=True)
    return purse, [(f"p{i}", score) for i, score in enumerate(scores)]


@given(finishes())
def test_the_total_paid_is_exactly_the_purse_places_covered(case):
    purse, ranking = case
    paid = split_prizes(purse, ranking)
    assert sum(paid.values()) == sum(purse[: len(ranking)])
    assert set(paid) == {player for player, _ in ranking}


@given(finishes())
def test_tied_players_differ_by_at_most_a_cent_and_nobody_out_earns_a_better_player(case):
    purse, ranking = case
    paid = split_prizes(purse, ranking)
    amounts = [paid[player] for player, _ in ranking]
    assert amounts == sorted(amounts, reverse=True)  # purse is sorted best place first
    for score in {s for _, s in ranking}:
        tied = [paid[p] for p, s in ranking if s == score]
        assert max(tied) - min(tied) <= 1
