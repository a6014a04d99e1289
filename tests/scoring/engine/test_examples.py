"""Scoring engine: worked examples from the seeds, refusals, rule-set and final-score checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.engine import (
    INDIVIDUAL,
    PRESETS,
    SEATS,
    TIE_STANDS,
    HandOutcome,
    InvalidHand,
    InvalidRuleSpec,
    RuleSpec,
    check_final_scores,
    play_game,
    score_hand,
    validate_rulespec,
)
from tests.scoring.engine.shorthands import (
    BULL,
    CCA,
    COLD,
    NINE_TO_EIGHT,
    PASS,
    PROG,
    TENS,
    made,
    pts,
    reneged,
)

# --- worked examples: one hand -------------------------------------------------------------

HAND_EXAMPLES = [
    # (id, spec, outcome, side points, seat points or None)
    ("cca_make_three_tricks_gives_one", CCA, made("NS", 3), pts(1, 0), None),
    ("cca_march_gives_two", CCA, made("EW", 5), pts(0, 2), None),
    ("cca_euchre_gives_defenders_two", CCA, made("NS", 2), pts(0, 2), None),
    ("cca_lone_march_gives_four", CCA, made("NS", 5, alone=True), pts(4, 0), None),
    ("cca_lone_four_tricks_gives_one", CCA, made("EW", 4, alone=True), pts(0, 1), None),
    ("cca_euchred_loner_gives_defenders_two", CCA, made("NS", 0, alone=True), pts(0, 2), None),
    ("cca_renege_gives_the_other_team_two", CCA, reneged("NS", "EW"), pts(2, 0), None),
    ("cca_renege_on_lone_hand_gives_four", CCA, reneged("NS", "EW", alone=True), pts(4, 0), None),
    ("cca_makers_renege_on_lone_hand_gives_four", CCA, reneged("EW", "EW", True), pts(4, 0), None),
    ("tens_makers_renege_gives_defenders_a_euchre", TENS, reneged("NS", "NS"), pts(0, 2), None),
    ("tens_defenders_renege_gives_makers_a_march", TENS, reneged("NS", "EW"), pts(2, 0), None),
    (
        "tens_defenders_renege_on_lone_gives_lone_march",
        TENS,
        reneged("EW", "NS", True),
        pts(0, 4),
        None,
    ),
    (
        "tens_makers_renege_on_lone_gives_lone_euchre",
        TENS,
        reneged("EW", "EW", True),
        pts(2, 0),
        None,
    ),
    ("tens_renege_ignores_tricks_already_taken", TENS, reneged("NS", "NS"), pts(0, 2), None),
    ("cold_butt_euchred_loner_gives_four", COLD, made("NS", 2, alone=True), pts(0, 4), None),
    ("cold_butt_lone_march_gives_four", COLD, made("EW", 5, alone=True), pts(0, 4), None),
    ("cold_butt_euchre_gives_two", COLD, made("EW", 1), pts(2, 0), None),
    (
        "progressive_loner_gets_five_and_partner_four",
        PROG,
        made("NS", 5, alone=True, seat="N"),
        pts(5, 0),
        {"N": 5, "S": 4, "E": 0, "W": 0},
    ),
    (
        "progressive_opponents_get_three_each_for_euchring_a_loner",
        PROG,
        made("EW", 2, alone=True, seat="W"),
        pts(3, 0),
        {"N": 3, "S": 3, "E": 0, "W": 0},
    ),
    (
        "progressive_lone_three_tricks_gives_both_partners_one",
        PROG,
        made("EW", 3, alone=True, seat="E"),
        pts(0, 1),
        {"N": 0, "S": 0, "E": 1, "W": 1},
    ),
    (
        "progressive_march_gives_two_each",
        PROG,
        made("EW", 5),
        pts(0, 2),
        {"N": 0, "S": 0, "E": 2, "W": 2},
    ),
    (
        "progressive_euchre_gives_defenders_two_each",
        PROG,
        made("EW", 2),
        pts(2, 0),
        {"N": 2, "S": 2, "E": 0, "W": 0},
    ),
    (
        "progressive_defenders_renege_on_lone_hand_pays_a_lone_march",
        PROG,
        reneged("NS", "EW", alone=True, seat="S"),
        pts(5, 0),
        {"N": 4, "S": 5, "E": 0, "W": 0},
    ),
    (
        "black_bull_lone_march_gives_both_partners_four",
        BULL,
        made("NS", 5, alone=True, seat="S"),
        pts(4, 0),
        {"N": 4, "S": 4, "E": 0, "W": 0},
    ),
    (
        "black_bull_renege_on_lone_hand_still_gives_two",
        BULL,
        reneged("NS", "EW", alone=True, seat="N"),
        pts(2, 0),
        {"N": 2, "S": 2, "E": 0, "W": 0},
    ),
]


@pytest.mark.parametrize(
    ("spec", "outcome", "points", "seats"),
    [example[1:] for example in HAND_EXAMPLES],
    ids=[example[0] for example in HAND_EXAMPLES],
)
def test_seed_hand_examples_score_as_the_seed_says(spec, outcome, points, seats):
    hand = score_hand(spec, outcome)
    assert hand.points == points
    assert hand.seat_points == (seats or {})
    assert hand.scorer == max(points, key=points.get)
    assert not hand.passed


def test_hand_summary_tells_the_captain_what_happened():
    assert score_hand(CCA, made("NS", 5, alone=True)).summary == "N-S marched alone: 4 points."
    assert score_hand(CCA, made("NS", 1)).summary == "E-W euchred N-S: 2 points."
    assert score_hand(CCA, reneged("NS", "EW")).summary == "E-W reneged: N-S get 2 points."


def test_passed_deal_is_an_x_hand_with_no_points_under_classic_tens():
    hand = score_hand(TENS, PASS)
    assert hand.passed and hand.scorer is None
    assert hand.points == pts(0, 0)
    assert "X" in hand.summary


def test_passed_deal_in_progressive_gives_every_player_zero():
    assert score_hand(PROG, PASS).seat_points == dict.fromkeys(SEATS, 0)


@pytest.mark.parametrize("name", ["CCA League", "Cold Butt", "Black Bull"])
def test_passed_deal_is_refused_under_stick_the_dealer_presets(name):
    with pytest.raises(InvalidHand, match="stick the dealer"):
        score_hand(PRESETS[name], PASS)


# --- worked examples: whole games ----------------------------------------------------------


def test_classic_tens_lone_march_at_nine_ends_thirteen_to_eight():
    game = play_game(TENS, [*NINE_TO_EIGHT, made("NS", 5, alone=True)])
    assert game.running[-2] == pts(9, 8)
    assert game.final == pts(13, 8)
    assert (game.winner, game.ended_by, game.ended_at_hand) == ("NS", "target", 14)
    assert check_final_scores(TENS, game.final) == []


def test_cca_lone_march_at_nine_is_recorded_as_ten_to_eight():
    game = play_game(CCA, [*NINE_TO_EIGHT, made("NS", 5, alone=True)])
    assert game.final == pts(10, 8)
    assert game.running[-1] == pts(10, 8)
    assert game.winner == "NS"


def test_game_ends_on_the_first_hand_reaching_the_target_and_refuses_later_hands():
    hands = [made("EW", 5)] * 5
    assert play_game(CCA, hands).ended_at_hand == 5
    with pytest.raises(InvalidHand, match="over after hand 5.*hand 6 can't be recorded"):
        play_game(CCA, [*hands, made("NS", 3)])


def test_passed_deals_count_as_hands_but_leave_classic_tens_totals_alone():
    game = play_game(TENS, [made("NS", 3), PASS, made("EW", 5)])
    assert game.running == [pts(1, 0), pts(1, 0), pts(1, 2)]
    assert [hand.passed for hand in game.hands] == [False, True, False]
    assert game.ended_by == "incomplete" and game.winner is None


def test_passed_deal_is_refused_in_a_cca_game_with_its_hand_number():
    with pytest.raises(InvalidHand, match="^Hand 2: .*stick the dealer"):
        play_game(CCA, [made("NS", 3), PASS])


def test_cca_timed_out_game_goes_to_the_leader():
    game = play_game(CCA, [made("NS", 5)] * 3 + [made("EW", 3)] * 4, timed_out=True)
    assert game.final == pts(6, 4)
    assert (game.winner, game.ended_by, game.ended_at_hand) == ("NS", "time", 7)
    assert check_final_scores(CCA, game.final, timed_out=True) == []


def test_cca_tie_at_time_needs_one_more_hand_then_that_hand_decides():
    tied = [made("NS", 5), made("EW", 5)] * 3
    game = play_game(CCA, tied, timed_out=True)
    assert (game.ended_by, game.winner, game.ended_at_hand) == ("incomplete", None, None)
    assert "play one more hand" in game.message
    still_tied = play_game(CCA, [*tied, made("EW", 1)], True)
    assert (still_tied.winner, still_tied.ended_by) == ("NS", "time")


def test_tie_at_time_stands_when_the_rule_set_says_so():
    spec = replace(CCA, timed_out_tie_rule=TIE_STANDS)
    game = play_game(spec, [made("NS", 3), made("EW", 3)], timed_out=True)
    assert (game.winner, game.ended_by, game.ended_at_hand) == (None, "time", 2)
    assert check_final_scores(spec, game.final, timed_out=True) == []


def test_time_running_out_is_refused_when_the_rule_set_has_no_time_limit():
    with pytest.raises(InvalidHand, match="no time limit"):
        play_game(TENS, [made("NS", 3)], timed_out=True)


def test_reaching_ten_wins_by_target_even_if_time_was_also_ticked():
    game = play_game(CCA, [made("NS", 5)] * 5, timed_out=True)
    assert (game.ended_by, game.winner) == ("target", "NS")


def test_progressive_game_is_eight_hands_with_per_player_totals():
    hands = [
        made("NS", 5, alone=True, seat="N"),  # N 5, S 4
        made("EW", 2, alone=True, seat="E"),  # N 3, S 3
        made("EW", 3),  # E 1, W 1
        PASS,
        made("NS", 5),  # N 2, S 2
        made("NS", 1),  # E 2, W 2
        made("EW", 5, alone=True, seat="W"),  # W 5, E 4
        made("NS", 4),  # N 1, S 1
    ]
    game = play_game(PROG, hands)
    assert game.seat_final == {"N": 11, "S": 10, "E": 7, "W": 8}
    assert game.final == pts(11, 8)
    assert (game.ended_by, game.ended_at_hand, game.winner) == ("hands", 8, "NS")
    assert game.seat_running[0] == {"N": 5, "E": 0, "S": 4, "W": 0}
    assert check_final_scores(PROG, game.seat_final) == []
    with pytest.raises(InvalidHand, match="hand 9 can't be recorded"):
        play_game(PROG, [*hands, made("NS", 3)])


def test_short_progressive_game_is_incomplete():
    game = play_game(PROG, [made("NS", 3)] * 3)
    assert (game.ended_by, game.winner) == ("incomplete", None)
    assert game.message == "3 of 8 hands played."


def test_empty_game_is_incomplete_at_nil_nil():
    game = play_game(CCA, [])
    assert (game.final, game.ended_by, game.running) == (pts(0, 0), "incomplete", [])


# --- refusals -----------------------------------------------------------------------------

BAD_HANDS = [
    ("six_tricks", CCA, made("NS", 6), "0 to 5"),
    ("negative_tricks", CCA, made("NS", -1), "0 to 5"),
    ("tricks_as_text", CCA, made("NS", "3"), "whole number"),  # type: ignore[arg-type]
    ("tricks_as_bool", CCA, made("NS", True), "whole number"),  # type: ignore[arg-type]
    ("no_maker_side", CCA, HandOutcome(maker_tricks=3), "which side made trump"),
    ("unknown_maker_side", CCA, made("NE", 3), "which side made trump"),
    ("unknown_renege_side", CCA, HandOutcome("NS", renege_by="N"), "which side reneged"),
    ("loner_on_the_defending_side", CCA, made("NS", 5, alone=True, seat="E"), "East sits on E-W"),
    ("loner_seat_unknown", CCA, made("NS", 5, alone=True, seat="X"), "Unknown seat"),
    ("loner_seat_without_alone", CCA, made("NS", 5, seat="N"), "isn't marked as a lone hand"),
    ("individual_lone_hand_without_seat", PROG, made("NS", 5, alone=True), "who went alone"),
    ("passed_deal_with_makers", TENS, HandOutcome(maker_side="NS", passed=True), "passed deal"),
    ("passed_deal_with_tricks", TENS, HandOutcome(maker_tricks=3, passed=True), "passed deal"),
    ("passed_deal_under_stick_the_dealer", BULL, PASS, "stick the dealer"),
]


@pytest.mark.parametrize(
    ("spec", "outcome", "message"),
    [bad[1:] for bad in BAD_HANDS],
    ids=[bad[0] for bad in BAD_HANDS],
)
def test_impossible_hands_are_refused_with_a_captain_readable_message(spec, outcome, message):
    with pytest.raises(InvalidHand, match=message):
        score_hand(spec, outcome)


def test_invalid_hand_is_a_value_error():
    assert issubclass(InvalidHand, ValueError)


def test_partnership_lone_hand_needs_no_seat():
    assert score_hand(CCA, made("NS", 5, alone=True)).points == pts(4, 0)


def test_scoring_with_an_inconsistent_rule_set_is_refused():
    with pytest.raises(InvalidRuleSpec, match="A march"):
        score_hand(replace(CCA, march_points=0), made("NS", 3))


# --- rule set validation ------------------------------------------------------------------

BAD_SPECS = [
    ("neither_target_nor_hands", {"target_points": None}, "Set a target score"),
    ("both_target_and_hands", {"hands_per_game": 8}, "not both"),
    ("march_below_make", {"march_points": 0}, "A march (0) can't be worth less"),
    (
        "lone_march_below_march",
        {"lone_march_points": 1},
        "A lone march (1) can't be worth less than a march",
    ),
    ("lone_march_below_lone_make", {"lone_make_points": 5}, "lone hand taking 3-4 tricks (5)"),
    ("negative_euchre", {"euchre_points": -2}, "euchre can't be negative"),
    ("zero_make", {"make_points": 0}, "must be at least 1"),
    ("partner_points_in_partnership", {"loner_partner_points": 4}, "only apply to individual"),
    ("individual_without_hands", {"scoring_mode": INDIVIDUAL}, "Individual scoring needs"),
    (
        "partnership_without_target",
        {"target_points": None, "hands_per_game": 8},
        "Partnership games",
    ),
    ("unknown_renege_mode", {"renege_mode": "whatever"}, "Unknown renege rule"),
    ("fixed_renege_of_zero", {"renege_points": 0}, "at least 1 point"),
    ("lone_renege_below_renege", {"lone_renege_points": 1}, "can't give less"),
    ("negative_false_claim_penalty", {"false_renege_claim_penalty": -2}, "positive number"),
    ("unknown_tie_rule", {"timed_out_tie_rule": "coin_toss"}, "Unknown tie rule"),
    ("zero_minute_time_limit", {"time_limit_minutes": 0}, "at least 1 minute"),
    ("target_of_zero", {"target_points": 0}, "target score must be at least 1"),
    (
        "overage_without_target",
        {"target_points": None, "hands_per_game": 8, "count_overage": True},
        "beyond the target",
    ),
    ("points_as_text", {"make_points": "1"}, "'make_points' must be a whole number"),
    ("unknown_scoring_mode", {"scoring_mode": "solo"}, "Unknown scoring mode"),
]


@pytest.mark.parametrize(
    ("changes", "message"), [bad[1:] for bad in BAD_SPECS], ids=[bad[0] for bad in BAD_SPECS]
)
def test_inconsistent_rule_sets_are_explained(changes, message):
    problems = validate_rulespec(replace(CCA, **changes))
    assert any(message in problem for problem in problems), problems


def test_default_rule_spec_is_consistent_plain_euchre_to_ten():
    assert validate_rulespec(RuleSpec()) == []
    assert RuleSpec().target_points == 10


def test_full_attainable_renege_ignores_the_fixed_renege_fields():
    assert validate_rulespec(replace(TENS, renege_points=0, lone_renege_points=0)) == []
