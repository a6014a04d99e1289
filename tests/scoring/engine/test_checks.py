"""Scoring engine: final-score checks and the seat and side helpers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.engine import (
    PRESETS,
    SEATS,
    InvalidHand,
    check_final_scores,
    max_hand_points,
    other_side,
    partner_of,
    seats_of,
    side_of,
)
from tests.scoring.engine.shorthands import (
    BULL,
    CCA,
    COLD,
    PROG,
    TENS,
    pts,
)

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
