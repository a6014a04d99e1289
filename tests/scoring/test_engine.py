"""Scoring engine: worked examples from the seeds, refusals, and property-based invariants."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (
    ENDED_BY,
    INDIVIDUAL,
    PARTNERSHIP,
    RENEGE_FIXED,
    RENEGE_FULL_ATTAINABLE,
    SEATS,
    SIDES,
    TIE_PLAY_ONE_MORE_HAND,
    TIE_RULES,
    TIE_STANDS,
    HandOutcome,
    InvalidHand,
    InvalidRuleSpec,
    RuleSpec,
    check_final_scores,
    max_hand_points,
    other_side,
    partner_of,
    play_game,
    score_hand,
    seats_of,
    side_hand_values,
    side_of,
    validate_rulespec,
)
from scoring.presets import PRESETS

CCA = PRESETS["CCA League"]
TENS = PRESETS["Classic Tens"]
PROG = PRESETS["Progressive (5/4/3)"]
COLD = PRESETS["Cold Butt"]
BULL = PRESETS["Black Bull"]
PASS = HandOutcome.passed_deal()


def made(side: str, tricks: int, alone: bool = False, seat: str | None = None) -> HandOutcome:
    return HandOutcome(maker_side=side, maker_tricks=tricks, alone=alone, loner_seat=seat)


def reneged(makers: str, by: str, alone: bool = False, seat: str | None = None) -> HandOutcome:
    return HandOutcome(
        maker_side=makers, alone=alone, loner_seat=seat, renege_by=by, maker_tricks=2
    )


def pts(ns: int, ew: int) -> dict[str, int]:
    return {"NS": ns, "EW": ew}


# N-S 8 (four marches), E-W 8 (eight makes), N-S 9 (a make): the "at 9 points" position.
NINE_TO_EIGHT = [made("NS", 5)] * 4 + [made("EW", 3)] * 8 + [made("NS", 4)]


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


# --- final-score checks -------------------------------------------------------------------

FINAL_SCORES = [
    # (id, spec, scores, timed_out, expected message fragment or None for "possible")
    ("cca_ten_to_eight", CCA, pts(10, 8), False, None),
    ("cca_eleven_is_capped", CCA, pts(11, 8), False, "record the winner's score as 10"),
    ("cca_neither_reached_ten", CCA, pts(7, 8), False, "tick 'time ran out' if the 25-minute"),
    ("cca_timed_out_seven_to_eight", CCA, pts(7, 8), True, None),
    ("cca_tie_at_time", CCA, pts(6, 6), True, "play one more hand"),
    ("cca_both_ten", CCA, pts(10, 10), False, "both sides can't have 10 or more"),
    ("cca_negative", CCA, pts(10, -1), False, "E-W's score can't be negative"),
    ("cca_missing_side", CCA, {"NS": 10}, False, "both sides"),
    ("cca_text_score", CCA, {"NS": "10", "EW": 3}, False, "whole number"),
    ("tens_thirteen_to_eight", TENS, pts(13, 8), False, None),
    (
        "tens_fourteen_is_too_many",
        TENS,
        pts(14, 8),
        False,
        "most a winner can finish with is 13 (9 + a lone march)",
    ),
    ("tens_no_time_limit", TENS, pts(7, 8), True, "no time limit"),
    ("tens_neither_reached_ten", TENS, pts(7, 8), False, "play on until one side does"),
    ("cold_butt_ten_to_nine", COLD, pts(10, 9), False, None),
    ("progressive_side_totals", PROG, pts(40, 0), False, None),
    ("progressive_side_over_eight_hands", PROG, pts(41, 0), False, "at most 40 (8 × 5)"),
    ("progressive_player_totals", PROG, {"N": 9, "S": 8, "E": 0, "W": 0}, False, None),
    ("progressive_loner_every_hand", PROG, {"N": 32, "S": 40, "E": 0, "W": 0}, False, None),
    (
        "progressive_partner_points_without_a_loner",
        PROG,
        {"N": 4, "S": 0, "E": 0, "W": 0},
        False,
        "except a lone march (5 to the loner, 4 to the partner)",
    ),
    (
        "progressive_both_partners_cannot_march_alone_every_hand",
        PROG,
        {"N": 40, "S": 40, "E": 0, "W": 0},
        False,
        "can't come from 8 hands",
    ),
    ("black_bull_every_hand_scores", BULL, pts(0, 0), False, "every hand scores for one side"),
    ("black_bull_eight_makes", BULL, pts(5, 3), False, None),
    ("black_bull_too_few_points_for_eight_hands", BULL, pts(3, 3), False, "can't both come from 8"),
]


@pytest.mark.parametrize(
    ("spec", "scores", "timed_out", "message"),
    [example[1:] for example in FINAL_SCORES],
    ids=[example[0] for example in FINAL_SCORES],
)
def test_final_scores_are_checked_against_the_rule_set(spec, scores, timed_out, message):
    problems = check_final_scores(spec, scores, timed_out=timed_out)
    if message is None:
        assert problems == []
    else:
        assert any(message in problem for problem in problems), problems


def test_overage_limit_comes_from_the_rule_set_not_a_constant():
    spec = replace(TENS, lone_march_points=6)
    assert check_final_scores(spec, pts(15, 8)) == []
    assert "15 (9 + a lone march)" in check_final_scores(spec, pts(16, 8))[0]


def test_final_score_that_no_hand_can_reach_is_refused():
    spec = replace(TENS, make_points=2, lone_make_points=2)  # every hand is worth 2 or 4
    assert check_final_scores(spec, pts(10, 8)) == []
    assert "E-W can't have 7" in check_final_scores(spec, pts(10, 7))[0]
    assert "can't finish on 11" in check_final_scores(spec, pts(11, 8))[0]


# --- helpers ------------------------------------------------------------------------------


def test_seat_and_side_helpers():
    assert [side_of(seat) for seat in SEATS] == ["NS", "EW", "NS", "EW"]
    assert [partner_of(seat) for seat in SEATS] == ["S", "W", "N", "E"]
    assert other_side("NS") == "EW" and seats_of("EW") == ("E", "W")
    with pytest.raises(InvalidHand):
        side_of("Q")


@pytest.mark.parametrize(
    ("name", "expected"),
    [("CCA League", 4), ("Classic Tens", 4), ("Progressive (5/4/3)", 5), ("Cold Butt", 4)],
)
def test_max_hand_points_is_the_best_single_hand(name, expected):
    assert max_hand_points(PRESETS[name]) == expected


# --- property-based invariants ------------------------------------------------------------


@st.composite
def rule_specs(draw: st.DrawFn) -> RuleSpec:
    """Any consistent rule set, built to satisfy validate_rulespec by construction."""
    individual = draw(st.booleans())
    make, lone_make = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    march = make + draw(st.integers(0, 3))
    lone_march = max(march, lone_make) + draw(st.integers(0, 3))
    fixed = draw(st.booleans())
    renege = draw(st.integers(1, 4))
    spec = RuleSpec(
        target_points=None if individual else draw(st.integers(1, 15)),
        hands_per_game=draw(st.integers(1, 10)) if individual else None,
        count_overage=False if individual else draw(st.booleans()),
        make_points=make,
        march_points=march,
        euchre_points=draw(st.integers(1, 4)),
        lone_make_points=lone_make,
        lone_march_points=lone_march,
        lone_euchre_points=draw(st.integers(1, 5)),
        loner_partner_points=draw(st.integers(0, lone_march)) if individual else 0,
        renege_mode=RENEGE_FIXED if fixed else RENEGE_FULL_ATTAINABLE,
        renege_points=renege,
        lone_renege_points=renege + draw(st.integers(0, 3)),
        stick_the_dealer=draw(st.booleans()),
        time_limit_minutes=draw(st.sampled_from([None, 25])),
        timed_out_tie_rule=draw(st.sampled_from(TIE_RULES)),
        false_renege_claim_penalty=draw(st.integers(0, 3)),
        scoring_mode=INDIVIDUAL if individual else PARTNERSHIP,
    )
    assert validate_rulespec(spec) == []
    return spec


specs = st.one_of(st.sampled_from(list(PRESETS.values())), rule_specs())


@st.composite
def outcomes(draw: st.DrawFn, spec: RuleSpec) -> HandOutcome:
    """Any hand that can happen under ``spec``."""
    if not spec.stick_the_dealer and draw(st.integers(0, 9)) == 0:
        return PASS
    makers = draw(st.sampled_from(SIDES))
    alone = draw(st.booleans())
    seat = None
    if alone and (spec.scoring_mode == INDIVIDUAL or draw(st.booleans())):
        seat = draw(st.sampled_from(seats_of(makers)))
    return HandOutcome(
        maker_side=makers,
        alone=alone,
        loner_seat=seat,
        maker_tricks=draw(st.integers(0, 5)),
        renege_by=draw(st.sampled_from([None, None, None, "NS", "EW"])),
    )


@st.composite
def spec_and_hands(draw: st.DrawFn, max_hands: int = 30):
    spec = draw(specs)
    return spec, draw(st.lists(outcomes(spec), max_size=max_hands))


def mirrored(outcome: HandOutcome) -> HandOutcome:
    """The same hand with N-S and E-W swapped (N<->E, S<->W)."""
    flip = {"NS": "EW", "EW": "NS", None: None}
    seat_flip = {"N": "E", "E": "N", "S": "W", "W": "S", None: None}
    return replace(
        outcome,
        maker_side=flip[outcome.maker_side],
        renege_by=flip[outcome.renege_by],
        loner_seat=seat_flip[outcome.loner_seat],
    )


def expected_end(spec: RuleSpec, hands: list[HandOutcome]) -> int | None:
    """Independent oracle: the 1-based hand on which the game ends, from raw hand points."""
    totals = dict.fromkeys(SIDES, 0)
    for number, outcome in enumerate(hands, start=1):
        for side, value in score_hand(spec, outcome).points.items():
            totals[side] += value
        if spec.target_points is not None and max(totals.values()) >= spec.target_points:
            return number
        if spec.hands_per_game == number:
            return number
    return None


@settings(max_examples=300)
@given(st.data())
def test_exactly_one_side_scores_on_every_hand_that_was_played(data):
    spec = data.draw(specs)
    hand = score_hand(spec, data.draw(outcomes(spec)))
    if hand.passed:
        assert hand.points == pts(0, 0) and hand.scorer is None
    else:
        assert hand.points[hand.scorer] > 0
        assert hand.points[other_side(hand.scorer)] == 0


@settings(max_examples=300)
@given(st.data())
def test_points_only_come_from_the_rule_sets_values(data):
    spec = data.draw(specs)
    hand = score_hand(spec, data.draw(outcomes(spec)))
    assert set(hand.points.values()) <= side_hand_values(spec) | {0}
    allowed_for_players = side_hand_values(spec) | {0, spec.loner_partner_points}
    assert set(hand.seat_points.values()) <= allowed_for_players
    assert max(hand.points.values()) <= max_hand_points(spec)


@settings(max_examples=300)
@given(st.data())
def test_partners_score_alike_except_the_partner_of_a_marching_loner(data):
    spec = data.draw(st.sampled_from([PROG, BULL]) | rule_specs())
    outcome = data.draw(outcomes(spec))
    hand = score_hand(spec, outcome)
    if spec.scoring_mode != INDIVIDUAL:
        assert hand.seat_points == {}
        return
    for side in SIDES:
        first, second = (hand.seat_points[seat] for seat in seats_of(side))
        if first != second:
            assert outcome.alone and side == outcome.maker_side
            loner = hand.seat_points[outcome.loner_seat]
            assert loner == spec.lone_march_points
            assert hand.seat_points[partner_of(outcome.loner_seat)] == spec.loner_partner_points


@settings(max_examples=300)
@given(st.data())
def test_a_renege_always_pays_the_side_that_did_not_renege(data):
    spec = data.draw(specs)
    outcome = replace(data.draw(outcomes(spec)), passed=False)
    if outcome.maker_side is None:
        return
    offender = data.draw(st.sampled_from(SIDES))
    hand = score_hand(spec, replace(outcome, renege_by=offender))
    assert hand.scorer == other_side(offender)
    # The tricks taken before the renege don't matter: the hand is over.
    other = replace(outcome, renege_by=offender, maker_tricks=5 - outcome.maker_tricks)
    assert score_hand(spec, other).points == hand.points


@settings(max_examples=300)
@given(st.data())
def test_swapping_the_sides_swaps_the_points(data):
    spec = data.draw(specs)
    outcome = data.draw(outcomes(spec))
    hand, flipped = score_hand(spec, outcome), score_hand(spec, mirrored(outcome))
    assert flipped.points == {"NS": hand.points["EW"], "EW": hand.points["NS"]}


@settings(max_examples=200)
@given(spec_and_hands())
def test_running_totals_only_go_up_and_add_up_hand_by_hand(case):
    spec, hands = case
    end = expected_end(spec, hands)
    game = play_game(spec, hands[:end] if end else hands)
    previous = dict.fromkeys(SIDES, 0)
    for hand, running in zip(game.hands, game.running, strict=True):
        for side in SIDES:
            assert running[side] >= previous[side]
            uncapped = previous[side] + hand.points[side]
            assert running[side] == uncapped or (
                not spec.count_overage and running[side] == spec.target_points < uncapped
            )
        previous = running
    assert game.final == (game.running[-1] if game.running else pts(0, 0))
    assert game.ended_by in ENDED_BY


@settings(max_examples=200)
@given(spec_and_hands())
def test_game_ends_on_the_first_hand_that_finishes_it_and_no_later_hand_is_accepted(case):
    spec, hands = case
    end = expected_end(spec, hands)
    if end is None:
        game = play_game(spec, hands)
        assert (game.ended_at_hand, game.winner, game.ended_by) == (None, None, "incomplete")
        return
    game = play_game(spec, hands[:end])
    assert game.ended_at_hand == end
    assert game.ended_by == ("target" if spec.target_points is not None else "hands")
    if spec.target_points is not None:
        assert game.winner is not None
        assert game.final[game.winner] >= spec.target_points
        assert game.final[other_side(game.winner)] < spec.target_points
        if not spec.count_overage:
            assert game.final[game.winner] == spec.target_points
        else:
            assert game.final[game.winner] < spec.target_points + max_hand_points(spec)
    if end < len(hands):
        with pytest.raises(InvalidHand, match="can't be recorded"):
            play_game(spec, hands[: end + 1])


@settings(max_examples=200)
@given(spec_and_hands(), st.booleans())
def test_final_scores_from_a_finished_game_always_pass_the_final_score_check(case, timed_out):
    spec, hands = case
    timed_out = timed_out and spec.time_limit_minutes is not None
    end = expected_end(spec, hands)
    game = play_game(spec, hands[:end] if end else hands, timed_out=timed_out)
    if game.ended_by == "incomplete":
        if spec.target_points is not None:  # short of the target (or tied at time): not final
            assert check_final_scores(spec, game.final, timed_out=timed_out) != []
        return
    assert check_final_scores(spec, game.final, timed_out=game.ended_by == "time") == []
    if spec.scoring_mode == INDIVIDUAL:
        assert check_final_scores(spec, game.seat_final, timed_out=game.ended_by == "time") == []
        assert sum(game.seat_final.values()) >= sum(game.final.values())


@settings(max_examples=200)
@given(spec_and_hands())
def test_timed_out_game_goes_to_the_leader_or_follows_the_tie_rule(case):
    spec, hands = case
    spec = replace(spec, time_limit_minutes=25)
    end = expected_end(spec, hands)
    if end is not None:
        hands = hands[: end - 1]  # stop one hand short of the natural end
    game = play_game(spec, hands, timed_out=True)
    ns, ew = game.final["NS"], game.final["EW"]
    if ns != ew:
        assert (game.ended_by, game.winner) == ("time", "NS" if ns > ew else "EW")
    elif spec.timed_out_tie_rule == TIE_PLAY_ONE_MORE_HAND:
        assert (game.ended_by, game.winner) == ("incomplete", None)
        assert "play one more hand" in game.message
    else:
        assert (game.ended_by, game.winner) == ("time", None)


@settings(max_examples=200)
@given(specs, st.integers(0, 60), st.integers(0, 60))
def test_no_target_game_accepts_both_sides_at_or_over_the_target(spec, ns, ew):
    problems = check_final_scores(spec, pts(ns, ew))
    if spec.target_points is not None and min(ns, ew) >= spec.target_points:
        assert problems == [
            f"A game ends at {spec.target_points}: both sides can't have "
            f"{spec.target_points} or more."
        ]
    if spec.target_points is not None and max(ns, ew) < spec.target_points:
        assert any("isn't over" in problem for problem in problems)
