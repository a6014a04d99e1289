"""The five seed presets: each field as the seed states it, and each preset playable."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.engine import (
    INDIVIDUAL,
    PARTNERSHIP,
    PRESETS,
    RENEGE_FIXED,
    RENEGE_FULL_ATTAINABLE,
    HandOutcome,
    InvalidHand,
    RuleSpec,
    check_final_scores,
    copy_preset,
    play_game,
    score_hand,
    validate_rulespec,
)

SEEDED_VALUES = {
    # seed 000: first to 10, 25 minutes, 1/2/2, lone 1/4/2, renege 2 (4 on a lone hand)
    "CCA League": {
        "target_points": 10,
        "hands_per_game": None,
        "count_overage": False,
        "make_points": 1,
        "march_points": 2,
        "euchre_points": 2,
        "lone_make_points": 1,
        "lone_march_points": 4,
        "lone_euchre_points": 2,
        "loner_partner_points": 0,
        "renege_mode": RENEGE_FIXED,
        "renege_points": 2,
        "lone_renege_points": 4,
        "stick_the_dealer": True,
        "time_limit_minutes": 25,
        "timed_out_tie_rule": "play_one_more_hand",
        "scoring_mode": PARTNERSHIP,
    },
    # seed 002 part 1: 10 or more, overage counts, deal passed, full attainable, claim -2
    "Classic Tens": {
        "target_points": 10,
        "hands_per_game": None,
        "count_overage": True,
        "make_points": 1,
        "march_points": 2,
        "euchre_points": 2,
        "lone_march_points": 4,
        "renege_mode": RENEGE_FULL_ATTAINABLE,
        "stick_the_dealer": False,
        "time_limit_minutes": None,
        "false_renege_claim_penalty": 2,
        "scoring_mode": PARTNERSHIP,
    },
    # seed 002 part 2: 8 hands, 5 / 4 to partner / 3 each / 2 / 1 / 2
    "Progressive (5/4/3)": {
        "target_points": None,
        "hands_per_game": 8,
        "make_points": 1,
        "march_points": 2,
        "euchre_points": 2,
        "lone_make_points": 1,
        "lone_march_points": 5,
        "lone_euchre_points": 3,
        "loner_partner_points": 4,
        "renege_mode": RENEGE_FULL_ATTAINABLE,
        "false_renege_claim_penalty": 2,
        "scoring_mode": INDIVIDUAL,
    },
    # seed 003: left of dealer must name trump, 1/2/2, lone march 4, euchred loner 4
    "Cold Butt": {
        "target_points": 10,
        "count_overage": False,
        "make_points": 1,
        "march_points": 2,
        "euchre_points": 2,
        "lone_march_points": 4,
        "lone_euchre_points": 4,
        "stick_the_dealer": True,
        "time_limit_minutes": None,
        "scoring_mode": PARTNERSHIP,
    },
    # seed 004: rounds of 8 hands, stick the dealer, 1/2/2, lone 1/4/2, renege 2
    "Black Bull": {
        "target_points": None,
        "hands_per_game": 8,
        "make_points": 1,
        "march_points": 2,
        "euchre_points": 2,
        "lone_make_points": 1,
        "lone_march_points": 4,
        "lone_euchre_points": 2,
        "renege_mode": RENEGE_FIXED,
        "renege_points": 2,
        "lone_renege_points": 2,
        "stick_the_dealer": True,
        "scoring_mode": INDIVIDUAL,
    },
}


def test_there_are_exactly_the_five_seed_presets():
    assert list(PRESETS) == [
        "CCA League",
        "Classic Tens",
        "Progressive (5/4/3)",
        "Cold Butt",
        "Black Bull",
    ]
    assert all(isinstance(spec, RuleSpec) for spec in PRESETS.values())


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_a_consistent_rule_set(name):
    assert validate_rulespec(PRESETS[name]) == []


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        (name, field, value)
        for name, values in SEEDED_VALUES.items()
        for field, value in values.items()
    ],
    ids=[f"{name}-{field}" for name, values in SEEDED_VALUES.items() for field in values],
)
def test_preset_fields_match_the_seed(name, field, value):
    assert getattr(PRESETS[name], field) == value


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_has_a_description_and_play_notes(name):
    spec = PRESETS[name]
    assert len(spec.description) > 40
    assert len(spec.play_notes) > 40


def test_black_bull_play_notes_list_the_unenforced_table_rules():
    notes = PRESETS["Black Bull"].play_notes.lower()
    assert "only a jack" in notes
    assert "no ace, no face" in notes and "redeal" in notes
    assert "stick the dealer" in notes


def test_classic_tens_play_notes_explain_the_passed_deal():
    assert "passed" in PRESETS["Classic Tens"].play_notes


def test_presets_cannot_be_edited_in_place():
    with pytest.raises(dataclasses.FrozenInstanceError):
        PRESETS["CCA League"].target_points = 11  # type: ignore[misc]


def test_copying_a_preset_changes_only_the_copy():
    copy = copy_preset("CCA League", time_limit_minutes=30, timed_out_tie_rule="tie_stands")
    assert (copy.time_limit_minutes, copy.timed_out_tie_rule) == (30, "tie_stands")
    assert PRESETS["CCA League"].time_limit_minutes == 25
    assert copy.march_points == PRESETS["CCA League"].march_points


def test_copying_an_unknown_preset_names_the_choices():
    with pytest.raises(KeyError, match="Black Bull"):
        copy_preset("Euchre Deluxe")


# One small game per preset, written out by hand from its seed.


def made(side, tricks, alone=False, seat=None):
    return HandOutcome(maker_side=side, maker_tricks=tricks, alone=alone, loner_seat=seat)


def test_cold_butt_euchring_a_loner_at_six_wins_ten_to_nothing():
    spec = PRESETS["Cold Butt"]
    game = play_game(spec, [made("EW", 1)] * 3 + [made("EW", 2, alone=True)])
    assert game.final == {"NS": 10, "EW": 0}
    assert (game.winner, game.ended_at_hand) == ("NS", 4)


def test_black_bull_round_of_eight_hands_scores_each_player():
    spec = PRESETS["Black Bull"]
    hands = [
        made("NS", 5, alone=True, seat="N"),  # N-S 4 each
        made("EW", 0, alone=True, seat="W"),  # loner euchred: N-S 2 each
        made("EW", 3),  # E-W 1 each
        made("EW", 5),  # E-W 2 each
        HandOutcome(maker_side="NS", maker_tricks=4, renege_by="NS"),  # E-W 2 each
        made("NS", 4, alone=True, seat="S"),  # N-S 1 each
        made("NS", 2),  # E-W 2 each
        made("EW", 4, alone=True, seat="E"),  # E-W 1 each
    ]
    game = play_game(spec, hands)
    assert game.seat_final == {"N": 7, "S": 7, "E": 8, "W": 8}
    assert (game.ended_by, game.winner) == ("hands", "EW")
    assert check_final_scores(spec, game.final) == []


def test_progressive_individual_card_of_a_lone_hand():
    hand = score_hand(PRESETS["Progressive (5/4/3)"], made("EW", 5, alone=True, seat="W"))
    assert hand.seat_points == {"N": 0, "E": 4, "S": 0, "W": 5}


@pytest.mark.parametrize("name", ["CCA League", "Cold Butt", "Black Bull"])
def test_stick_the_dealer_presets_refuse_a_passed_deal(name):
    with pytest.raises(InvalidHand, match="stick the dealer"):
        score_hand(PRESETS[name], HandOutcome.passed_deal())


@pytest.mark.parametrize("name", ["Classic Tens", "Progressive (5/4/3)"])
def test_pass_the_deal_presets_record_a_passed_deal_as_x(name):
    hand = score_hand(PRESETS[name], HandOutcome.passed_deal())
    assert hand.passed and set(hand.points.values()) == {0}
