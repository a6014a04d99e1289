"""The rule set's penalty for an unproven renege claim, applied by the engine."""

from dataclasses import replace

import pytest

from scoring.engine import PRESETS, HandOutcome, InvalidHand, play_game, score_hand

TENS = PRESETS["Classic Tens"]
PROG = PRESETS["Progressive (5/4/3)"]
CCA = PRESETS["CCA League"]


def test_an_unproven_claim_costs_the_claiming_side_two_under_classic_tens():
    hand = score_hand(TENS, HandOutcome(maker_side="NS", maker_tricks=3, false_claim_by="EW"))
    assert hand.points == {"NS": 1, "EW": -2}
    assert hand.scorer == "NS"
    assert hand.summary.endswith("E-W's unproven renege claim costs 2 points.")


def test_the_makers_can_be_the_ones_who_claimed_wrongly():
    hand = score_hand(TENS, HandOutcome(maker_side="NS", maker_tricks=5, false_claim_by="NS"))
    assert hand.points == {"NS": 0, "EW": 0}


def test_in_individual_scoring_each_claiming_player_loses_the_penalty():
    outcome = HandOutcome(
        maker_side="NS", alone=True, loner_seat="N", maker_tricks=5, false_claim_by="EW"
    )
    hand = score_hand(PROG, outcome)
    assert hand.seat_points == {"N": 5, "S": 4, "E": -2, "W": -2}


def test_a_rule_set_without_a_penalty_records_the_claim_for_nothing():
    hand = score_hand(CCA, HandOutcome(maker_side="EW", maker_tricks=3, false_claim_by="NS"))
    assert hand.points == {"NS": 0, "EW": 1}
    assert "claim" not in hand.summary


def test_the_penalty_counts_in_the_running_totals_and_can_go_below_zero():
    hands = [HandOutcome(maker_side="NS", maker_tricks=3, false_claim_by="EW")] * 2
    game = play_game(TENS, hands)
    assert game.running == [{"NS": 1, "EW": -2}, {"NS": 2, "EW": -4}]


def test_a_penalty_can_keep_a_side_from_reaching_the_target():
    spec = replace(TENS, count_overage=False)
    hands = [HandOutcome(maker_side="NS", maker_tricks=5)] * 4  # N-S 8
    hands.append(HandOutcome(maker_side="NS", maker_tricks=5, false_claim_by="NS"))
    game = play_game(spec, hands)
    assert game.final == {"NS": 8, "EW": 0} and game.ended_by == "incomplete"


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        (HandOutcome(passed=True, false_claim_by="NS"), "passed deal"),
        (HandOutcome(maker_side="NS", maker_tricks=3, false_claim_by="XX"), "unproven renege"),
        (
            HandOutcome(maker_side="NS", renege_by="EW", false_claim_by="NS"),
            "N-S's renege claim was proven",
        ),
    ],
)
def test_impossible_claims_are_refused(outcome, message):
    with pytest.raises(InvalidHand, match=message):
        score_hand(TENS, outcome)
