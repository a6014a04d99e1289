"""Hands and games: check and score one hand, then play a game hand by hand.

No Django here: the models mirror ``RuleSpec`` and call these functions, so the rules are
tested once, in plain Python. Every refusal carries a message a team captain can act on.
Import the public names from ``scoring.engine``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.engine.rules import (
    INDIVIDUAL,
    RENEGE_FIXED,
    SEAT_NAMES,
    SEATS,
    SIDE_LABELS,
    SIDES,
    TIE_PLAY_ONE_MORE_HAND,
    InvalidHand,
    RuleSpec,
    other_side,
    partner_of,
    points_text,
    require_valid,
    seats_of,
    side_of,
)

ENDED_BY = ("target", "hands", "time", "incomplete")


@dataclass(frozen=True)
class HandOutcome:
    """What happened on one deal, as a captain would report it."""

    maker_side: str | None = None  # "NS"/"EW"; None for a passed deal
    alone: bool = False
    maker_tricks: int = 0  # 0..5; ignored when a renege ended the hand
    renege_by: str | None = None  # "NS"/"EW"
    loner_seat: str | None = None  # "N"/"E"/"S"/"W"; required for lone hands in individual mode
    passed: bool = False
    false_claim_by: str | None = None  # side whose renege claim wasn't proven (rule set penalty)

    @classmethod
    def passed_deal(cls) -> HandOutcome:
        return cls(passed=True)


@dataclass(frozen=True)
class HandPoints:
    """Points one hand gives: per side, and per seat in individual mode."""

    points: dict[str, int]
    seat_points: dict[str, int] = field(default_factory=dict)
    scorer: str | None = None  # the side that scored; None for a passed deal
    passed: bool = False  # recorded as X on the scorecard
    summary: str = ""


@dataclass(frozen=True)
class GameResult:
    hands: list[HandPoints]
    running: list[dict[str, int]]  # side totals after each hand (as on the scorecard)
    ended_at_hand: int | None  # 1-based; None while the game isn't over
    winner: str | None
    final: dict[str, int]
    ended_by: str  # one of ENDED_BY
    message: str = ""
    seat_running: list[dict[str, int]] = field(default_factory=list)  # individual mode only
    seat_final: dict[str, int] = field(default_factory=dict)  # individual mode only


def validate_hand(spec: RuleSpec, outcome: HandOutcome) -> None:
    """Raise InvalidHand when ``outcome`` can't happen under ``spec``."""
    if outcome.passed:
        if spec.stick_the_dealer:
            raise InvalidHand(
                "This rule set plays stick the dealer: the dealer must name trump, "
                "so a deal can't be passed."
            )
        if (
            outcome.maker_side is not None
            or outcome.alone
            or outcome.maker_tricks
            or outcome.renege_by is not None
            or outcome.loner_seat is not None
            or outcome.false_claim_by is not None
        ):
            raise InvalidHand(
                "A passed deal has no makers, tricks, loner or renege: "
                "clear those or untick 'passed'."
            )
        return
    if outcome.maker_side not in SIDES:
        raise InvalidHand("Say which side made trump (N-S or E-W), or mark the deal as passed.")
    tricks = outcome.maker_tricks
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 5:
        raise InvalidHand(f"The makers' tricks must be a whole number from 0 to 5, not {tricks!r}.")
    if outcome.renege_by is not None and outcome.renege_by not in SIDES:
        raise InvalidHand("Say which side reneged: N-S or E-W.")
    if outcome.false_claim_by is not None:
        if outcome.false_claim_by not in SIDES:
            raise InvalidHand("Say which side made the unproven renege claim: N-S or E-W.")
        if outcome.renege_by == other_side(outcome.false_claim_by):
            raise InvalidHand(
                f"{SIDE_LABELS[outcome.renege_by]} reneged on this hand, so "
                f"{SIDE_LABELS[outcome.false_claim_by]}'s renege claim was proven."
            )
    if not outcome.alone:
        if outcome.loner_seat is not None:
            raise InvalidHand("A loner was named but the hand isn't marked as a lone hand.")
        return
    if outcome.loner_seat is None:
        if spec.scoring_mode == INDIVIDUAL:
            # The loner's partner scores differently, so we must know who went alone.
            raise InvalidHand("Say who went alone: the loner's partner scores differently.")
        return
    if outcome.loner_seat not in SEATS:
        raise InvalidHand(f"Unknown seat {outcome.loner_seat!r}: use N, E, S or W.")
    if side_of(outcome.loner_seat) != outcome.maker_side:
        raise InvalidHand(
            f"{SEAT_NAMES[outcome.loner_seat]} sits on {SIDE_LABELS[side_of(outcome.loner_seat)]}"
            f", but {SIDE_LABELS[outcome.maker_side]} made trump: the loner must be a maker."
        )


def score_hand(spec: RuleSpec, outcome: HandOutcome) -> HandPoints:
    """Points for one hand. Exactly one side scores unless the deal was passed."""
    require_valid(spec)
    validate_hand(spec, outcome)
    individual = spec.scoring_mode == INDIVIDUAL
    if outcome.passed:
        return HandPoints(
            points=dict.fromkeys(SIDES, 0),
            seat_points=dict.fromkeys(SEATS, 0) if individual else {},
            passed=True,
            summary="Deal passed: no points (X).",
        )

    makers = outcome.maker_side
    assert makers is not None  # validate_hand guarantees it
    defenders, alone = other_side(makers), outcome.alone
    lone_march = False  # only a (real or awarded) lone march pays the loner's partner differently
    if outcome.renege_by is not None:
        scorer = other_side(outcome.renege_by)
        if spec.renege_mode == RENEGE_FIXED:
            value = spec.lone_renege_points if alone else spec.renege_points
        elif scorer == defenders:  # makers reneged: defenders get what a euchre would give
            value = spec.lone_euchre_points if alone else spec.euchre_points
        else:  # defenders reneged: makers get the march they could have had
            value, lone_march = (spec.lone_march_points if alone else spec.march_points), alone
        summary = f"{SIDE_LABELS[outcome.renege_by]} reneged: {SIDE_LABELS[scorer]} get"
    elif outcome.maker_tricks == 5:
        scorer = makers
        value, lone_march = (spec.lone_march_points if alone else spec.march_points), alone
        summary = f"{SIDE_LABELS[makers]} marched{' alone' if alone else ''}:"
    elif outcome.maker_tricks >= 3:
        scorer = makers
        value = spec.lone_make_points if alone else spec.make_points
        how = " alone" if alone else ""
        summary = f"{SIDE_LABELS[makers]} made it{how} with {outcome.maker_tricks} tricks:"
    else:
        scorer = defenders
        value = spec.lone_euchre_points if alone else spec.euchre_points
        who = f"{SIDE_LABELS[makers]}'s loner" if alone else SIDE_LABELS[makers]
        summary = f"{SIDE_LABELS[defenders]} euchred {who}:"

    points = {side: value if side == scorer else 0 for side in SIDES}
    seat_points: dict[str, int] = {}
    summary = f"{summary} {points_text(value)}."
    if individual:
        # Each player records the side's points, except the partner of a marching loner.
        seat_points = {seat: points[side_of(seat)] for seat in SEATS}
        if lone_march and outcome.loner_seat is not None:
            seat_points[partner_of(outcome.loner_seat)] = spec.loner_partner_points
            summary += f" Partner of the loner: {points_text(spec.loner_partner_points)}."
    claimant, penalty = outcome.false_claim_by, spec.false_renege_claim_penalty
    if claimant is not None and penalty:
        # The rule set's penalty comes off the claiming side (each of its players).
        points[claimant] -= penalty
        if individual:
            for seat in seats_of(claimant):
                seat_points[seat] -= penalty
        summary += f" {SIDE_LABELS[claimant]}'s unproven renege claim costs {points_text(penalty)}."
    return HandPoints(points=points, seat_points=seat_points, scorer=scorer, summary=summary)


def _leader(totals: dict[str, int]) -> str | None:
    ns, ew = totals["NS"], totals["EW"]
    return None if ns == ew else ("NS" if ns > ew else "EW")


def _score_line(totals: dict[str, int]) -> str:
    return f"N-S {totals['NS']}, E-W {totals['EW']}"


def play_game(spec: RuleSpec, hands: Sequence[HandOutcome], timed_out: bool = False) -> GameResult:
    """Score a game hand by hand; refuse any hand recorded after the game was over."""
    require_valid(spec)
    if timed_out and spec.time_limit_minutes is None:
        raise InvalidHand("This rule set has no time limit, so a game can't end on time.")
    individual = spec.scoring_mode == INDIVIDUAL
    target = spec.target_points
    totals = dict.fromkeys(SIDES, 0)
    seat_totals = dict.fromkeys(SEATS, 0)
    scored: list[HandPoints] = []
    running: list[dict[str, int]] = []
    seat_running: list[dict[str, int]] = []
    ended_at: int | None = None
    ended_by = ""

    for number, outcome in enumerate(hands, start=1):
        if ended_at is not None:
            raise InvalidHand(
                f"The game was over after hand {ended_at} ({_score_line(totals)}), "
                f"so hand {number} can't be recorded."
            )
        try:
            hand = score_hand(spec, outcome)
        except InvalidHand as exc:
            raise InvalidHand(f"Hand {number}: {exc}") from exc
        scored.append(hand)
        for side in SIDES:
            totals[side] += hand.points[side]
        for seat in hand.seat_points:
            seat_totals[seat] += hand.seat_points[seat]
        if target is not None and max(totals.values()) >= target:
            ended_at, ended_by = number, "target"
            if not spec.count_overage:  # "first to 10": points beyond the target aren't recorded
                totals = {side: min(total, target) for side, total in totals.items()}
        elif spec.hands_per_game is not None and number == spec.hands_per_game:
            ended_at, ended_by = number, "hands"
        running.append(dict(totals))
        if individual:
            seat_running.append(dict(seat_totals))

    final = dict(totals)
    leader = _leader(final)
    if ended_by == "target":
        assert leader is not None  # only one side scores per hand, so only one can be there
        winner: str | None = leader
        message = f"{SIDE_LABELS[leader]} reached {target}: {_score_line(final)}."
    elif ended_by == "hands":
        winner = leader
        message = f"All {spec.hands_per_game} hands played: {_score_line(final)}."
    elif timed_out and leader is None and spec.timed_out_tie_rule == TIE_PLAY_ONE_MORE_HAND:
        winner, ended_by = None, "incomplete"
        message = (
            f"Tied {final['NS']}-{final['EW']} when time ran out: "
            "play one more hand to break the tie, then record it."
        )
    elif timed_out:
        # The score stands and the leader wins; a tie stands under "tie_stands".
        winner, ended_by = leader, "time"
        ended_at = len(scored) or None
        result = f"{SIDE_LABELS[leader]} win" if leader else "the tie stands"
        message = f"Time ran out at {_score_line(final)}: {result}."
    else:
        winner, ended_by = None, "incomplete"
        if target is not None:
            message = f"Neither side has reached {target} yet ({_score_line(final)})."
        else:
            message = f"{len(scored)} of {spec.hands_per_game} hands played."
    return GameResult(
        hands=scored,
        running=running,
        ended_at_hand=ended_at,
        winner=winner,
        final=final,
        ended_by=ended_by,
        message=message,
        seat_running=seat_running,
        seat_final=dict(seat_totals) if individual else {},
    )
