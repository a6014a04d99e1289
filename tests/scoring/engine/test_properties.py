"""Scoring engine: property-based invariants over random rule sets and hands."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (
    ENDED_BY,
    INDIVIDUAL,
    PARTNERSHIP,
    PRESETS,
    RENEGE_FIXED,
    RENEGE_FULL_ATTAINABLE,
    SIDES,
    TIE_PLAY_ONE_MORE_HAND,
    TIE_RULES,
    HandOutcome,
    InvalidHand,
    RuleSpec,
    check_final_scores,
    max_hand_points,
    other_side,
    partner_of,
    play_game,
    score_hand,
    seats_of,
    side_hand_values,
    validate_rulespec,
)
from tests.scoring.engine.shorthands import (
    BULL,
    PASS,
    PROG,
    pts,
)

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
