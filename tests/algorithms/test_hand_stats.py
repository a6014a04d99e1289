from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from algorithms.hand_stats import Hand, HandCounts, seat_counts, side_counts


def hand(maker, tricks, *, alone=False, seat="", renege="", ns=0, ew=0, seats=None):
    return Hand(
        maker_side=maker,
        alone=alone,
        loner_seat=seat,
        tricks=tricks,
        renege_by=renege,
        passed=maker == "",
        side_points={"NS": ns, "EW": ew},
        seat_points=seats or {},
    )


PASSED = hand("", 0)
# A small card, hand by hand (NS's view in the comments):
CARD = [
    hand("NS", 3, ns=1),  # made good
    hand("NS", 5, ns=2),  # march
    hand("NS", 2, ew=2),  # euchre suffered
    hand("EW", 1, ns=2),  # euchre given
    hand("NS", 5, alone=True, seat="N", ns=4),  # lone march by N
    hand("NS", 3, alone=True, seat="S", ns=1),  # lone made by S
    hand("NS", 4, renege="NS", ew=2),  # NS reneged: not made good
    hand("EW", 2, renege="NS", ew=2),  # EW short of tricks but NS reneged: no euchre given
    hand("EW", 4, ew=1),
    PASSED,
]


def test_a_side_counts_every_definition_on_a_small_card():
    ns = side_counts(CARD, "NS")
    assert ns == HandCounts(
        hands=10,
        hand_points=10,
        trump_made=6,
        trump_made_good=4,
        marches=2,
        euchres_suffered=1,
        euchres_given=1,
        lone_tried=2,
        lone_made=2,
        lone_marched=1,
        reneges=2,
    )
    assert ns.made_good_rate == Fraction(2, 3)
    assert ns.points_per_hand == 1


def test_the_other_side_sees_the_same_card_from_its_seat():
    ew = side_counts(CARD, "EW")
    assert (ew.hands, ew.hand_points, ew.trump_made, ew.trump_made_good) == (10, 7, 3, 1)
    assert (ew.euchres_suffered, ew.euchres_given, ew.reneges, ew.lone_tried) == (1, 1, 0, 0)


def test_a_seat_counts_its_sides_trump_but_only_its_own_lone_hands():
    north, south = seat_counts(CARD, "N"), seat_counts(CARD, "S")
    assert north.trump_made == south.trump_made == 6
    assert (north.lone_tried, north.lone_made, north.lone_marched) == (1, 1, 1)
    assert (south.lone_tried, south.lone_made, south.lone_marched) == (1, 1, 0)
    assert north.hand_points == side_counts(CARD, "NS").hand_points  # a team game


def test_a_lone_hand_of_unknown_seat_counts_for_the_side_but_no_seat():
    hands = [hand("EW", 5, alone=True, ew=4)]
    assert side_counts(hands, "EW").lone_marched == 1
    assert seat_counts(hands, "E").lone_tried == seat_counts(hands, "W").lone_tried == 0


def test_a_seat_scores_its_own_points_under_individual_scoring():
    hands = [hand("NS", 3, ns=1, seats={"N": 1, "S": 1, "E": 0, "W": 0}), hand("EW", 1, ns=2)]
    # The second hand has no seat points: the seat takes its side's.
    assert seat_counts(hands, "N").hand_points == 3
    assert seat_counts(hands, "E").hand_points == 0


def test_a_lone_try_euchred_or_reneged_is_tried_but_not_made():
    hands = [
        hand("NS", 2, alone=True, seat="N", ew=2),
        hand("NS", 5, alone=True, seat="N", renege="NS", ew=2),
    ]
    counts = side_counts(hands, "NS")
    assert (counts.lone_tried, counts.lone_made, counts.lone_marched) == (2, 0, 0)
    assert (counts.euchres_suffered, counts.marches, counts.reneges) == (1, 0, 1)


def test_passed_hands_count_as_hands_and_nothing_else():
    counts = side_counts([PASSED, PASSED], "NS")
    assert counts == HandCounts(hands=2)
    assert counts.made_good_rate is None and counts.points_per_hand == 0


def test_no_hands_have_no_rates():
    counts = side_counts([], "EW")
    assert counts == HandCounts()
    assert counts.made_good_rate is None and counts.points_per_hand is None


def test_counts_add_up_field_by_field_and_with_sum():
    first, second = side_counts(CARD[:4], "NS"), side_counts(CARD[4:], "NS")
    assert first + second == side_counts(CARD, "NS")
    assert sum([first, second]) == side_counts(CARD, "NS")


@given(st.integers(0, len(CARD)), st.sampled_from(["NS", "EW"]))
def test_counting_a_card_in_two_parts_gives_the_whole(cut, side):
    whole = side_counts(CARD, side)
    assert side_counts(CARD[:cut], side) + side_counts(CARD[cut:], side) == whole


@pytest.mark.parametrize("side", ["ns", "N", "", "NE"])
def test_an_unknown_side_is_refused(side):
    with pytest.raises(ValueError, match="A side is"):
        side_counts(CARD, side)


@pytest.mark.parametrize("seat", ["n", "NS", "", "X"])
def test_an_unknown_seat_is_refused(seat):
    with pytest.raises(ValueError, match="A seat is"):
        seat_counts(CARD, seat)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"maker_side": "XX"}, "makers"),
        ({"maker_side": "NS", "renege_by": "N"}, "renege"),
        ({"maker_side": "NS", "alone": True, "loner_seat": "Q"}, "lone seat"),
        ({"maker_side": "NS", "loner_seat": "N"}, "played alone"),
        ({"maker_side": "NS", "alone": True, "loner_seat": "E"}, "can't go alone"),
        ({"maker_side": "NS", "tricks": 6}, "0 to 5"),
    ],
)
def test_a_hand_that_cannot_happen_is_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        Hand(**fields)
