"""The pure splits: every cent accounted for, the remainder dealt the same way every time."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from money.ledger.pots import (
    loner_basket_split,
    purse_prizes,
    purse_split_problems,
    share_of,
    split_by_weight,
)


def test_a_basket_splits_evenly_over_equal_lone_hands() -> None:
    shares = loner_basket_split(900, {1: 1, 2: 1, 3: 1})
    assert [(s.key, s.cents) for s in shares] == [(1, 300), (2, 300), (3, 300)]


def test_the_odd_cent_goes_to_the_largest_fraction_then_the_lower_player() -> None:
    shares = {s.key: s.cents for s in loner_basket_split(1000, {7: 1, 3: 1, 5: 1})}
    assert shares == {3: 334, 5: 333, 7: 333}


def test_more_lone_hands_take_more_of_the_basket() -> None:
    shares = {s.key: s.cents for s in loner_basket_split(1000, {1: 3, 2: 1})}
    assert shares == {1: 750, 2: 250}


def test_the_left_over_cent_goes_to_the_larger_fraction_not_the_larger_share() -> None:
    # 101 over 2 and 1 lone hands: 67.33 and 33.67; the cent goes to the .67.
    shares = {s.key: s.cents for s in loner_basket_split(101, {1: 2, 2: 1})}
    assert sum(shares.values()) == 101
    assert shares == {1: 67, 2: 34}


def test_zero_lone_hands_pay_nothing_and_the_basket_stays() -> None:
    assert loner_basket_split(1200, {}) == []
    assert loner_basket_split(1200, {1: 0, 2: 0}) == []


def test_equal_fractions_give_the_cent_to_more_lone_hands_then_the_lower_player() -> None:
    # 2 cents over 1 and 3 lone hands: 0.5 and 1.5, equal fractions -> the 3 takes it.
    assert {s.key: s.cents for s in split_by_weight(2, {1: 1, 2: 3})} == {1: 0, 2: 2}
    assert {s.key: s.cents for s in split_by_weight(4, {9: 1, 4: 1, 6: 1})} == {4: 2, 6: 1, 9: 1}


def test_players_without_a_lone_hand_get_no_share() -> None:
    shares = loner_basket_split(500, {1: 2, 2: 0})
    assert [(s.key, s.cents) for s in shares] == [(1, 500)]


def test_a_negative_basket_is_refused() -> None:
    with pytest.raises(ValueError):
        split_by_weight(-1, {1: 1})


@given(
    total=st.integers(min_value=0, max_value=10_000_000),
    weights=st.dictionaries(st.integers(1, 500), st.integers(0, 40), max_size=30),
)
def test_every_cent_of_a_split_is_accounted_for(total: int, weights: dict[int, int]) -> None:
    shares = split_by_weight(total, weights)
    whole = sum(w for w in weights.values() if w > 0)
    if whole == 0 or total == 0:
        assert shares == []
        return
    assert sum(s.cents for s in shares) == total
    for share in shares:  # never more than a cent from the exact share
        assert abs(share.cents * whole - total * share.weight) < whole
    assert shares == split_by_weight(total, dict(reversed(list(weights.items()))))


def test_the_purse_splits_over_the_places_the_rounding_to_first_place() -> None:
    assert purse_prizes(10001, [50, 30, 20]) == [5001, 3000, 2000]
    assert purse_prizes(100, [34, 33, 33]) == [34, 33, 33]
    assert purse_prizes(10, [34, 33, 33]) == [4, 3, 3]


def test_a_split_under_a_hundred_percent_leaves_the_rest_of_the_purse() -> None:
    assert purse_prizes(10000, [50, 25]) == [5000, 2500]


@given(
    purse=st.integers(0, 5_000_000),
    percents=st.lists(st.integers(1, 100), min_size=1, max_size=10).filter(
        lambda ps: sum(ps) <= 100
    ),
)
def test_a_full_split_pays_the_whole_purse(purse: int, percents: list[int]) -> None:
    prizes = purse_prizes(purse, percents)
    assert sum(prizes) == purse * sum(percents) // 100
    assert all(p >= 0 for p in prizes)


def test_bad_splits_are_explained() -> None:
    assert purse_split_problems([60, 50]) == ["The shares add up to 110%: at most 100%."]
    assert purse_split_problems([0, 50])
    assert purse_split_problems([1] * 51)
    with pytest.raises(ValueError):
        purse_prizes(100, [101])


def test_a_share_of_the_fees_rounds_down() -> None:
    assert share_of(1999, 50) == 999
    assert share_of(-100, 50) == 0
    with pytest.raises(ValueError):
        share_of(100, 101)
