"""Final-score checks: could these totals be the end of a game under this rule set?

Used when a captain enters only the final score. Limits come from the rule set's own hand
values (what one hand can give), never from constants, so house rules check themselves.
Import ``check_final_scores`` from ``scoring.engine``.
"""

from __future__ import annotations

from functools import lru_cache

from scoring.engine.rules import (
    SEAT_NAMES,
    SEATS,
    SIDE_LABELS,
    SIDES,
    TIE_PLAY_ONE_MORE_HAND,
    RuleSpec,
    hand_value_label,
    max_hand_points,
    require_valid,
    seats_of,
    side_hand_values,
    uniform_hand_values,
)


def check_final_scores(
    spec: RuleSpec, scores: dict[str, int], timed_out: bool = False
) -> list[str]:
    """Reasons (for a captain) why ``scores`` can't be a final result; empty when possible.

    ``scores`` maps "NS"/"EW" to side totals; in individual mode it may instead map the
    seats "N"/"E"/"S"/"W" to each player's total for the game.
    """
    require_valid(spec)
    keys = set(scores)
    seat_keys = spec.target_points is None and keys == set(SEATS)
    if keys != set(SIDES) and not seat_keys:
        return ["Enter a score for both sides (N-S and E-W)."]
    label = SEAT_NAMES if seat_keys else SIDE_LABELS
    problems = []
    for key, value in scores.items():
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{label[key]}'s score must be a whole number.")
        elif value < 0:
            problems.append(f"{label[key]}'s score can't be negative.")
    if timed_out and spec.time_limit_minutes is None:
        problems.append("This rule set has no time limit, so 'time ran out' can't apply.")
    if problems:
        return problems
    if spec.target_points is not None:
        return _check_target_game(spec, scores, timed_out)
    return _check_hands_game(spec, scores, timed_out, seat_keys)


def _tie_at_time(ns: int, ew: int) -> str:
    return (
        f"Tied {ns}-{ew} when time ran out: this rule set says play one more hand to break "
        "the tie, then enter the score after that hand."
    )


@lru_cache(maxsize=256)
def _reachable(values: frozenset[int], limit: int) -> tuple[bool, ...]:
    """Which totals 0..limit are sums of hand values (any number of hands)."""
    ok = [True] + [False] * limit
    for total in range(1, limit + 1):
        ok[total] = any(v <= total and ok[total - v] for v in values)
    return tuple(ok)


@lru_cache(maxsize=64)
def _sums_by_count(
    units: frozenset[tuple[int, ...]], hands: int
) -> tuple[frozenset[tuple[int, ...]], ...]:
    """Entry k: every total a side (or a pair of partners) can have from exactly k scoring
    hands, each hand adding one of ``units``."""
    width = len(next(iter(units)))
    levels = [frozenset({(0,) * width})]
    for _ in range(hands):
        levels.append(
            frozenset(
                tuple(a + b for a, b in zip(total, unit, strict=True))
                for total in levels[-1]
                for unit in units
            )
        )
    return tuple(levels)


def _check_target_game(spec: RuleSpec, scores: dict[str, int], timed_out: bool) -> list[str]:
    target = spec.target_points
    assert target is not None
    values = side_hand_values(spec)
    reach = _reachable(values, target + max(values))

    def reachable(total: int) -> bool:
        return total < len(reach) and reach[total]

    ns, ew = scores["NS"], scores["EW"]
    if ns >= target and ew >= target:
        return [f"A game ends at {target}: both sides can't have {target} or more."]
    problems = []
    if max(ns, ew) < target:
        for side in SIDES:
            if not reachable(scores[side]):
                problems.append(
                    f"{SIDE_LABELS[side]} can't have {scores[side]}: "
                    "no combination of hands scores exactly that under this rule set."
                )
        if not timed_out:
            if spec.time_limit_minutes is not None:
                problems.append(
                    f"Neither side reached {target}, so the game isn't over — tick 'time ran "
                    f"out' if the {spec.time_limit_minutes}-minute limit ended it."
                )
            else:
                problems.append(
                    f"Neither side reached {target}, so the game isn't over — "
                    "play on until one side does."
                )
        elif ns == ew and spec.timed_out_tie_rule == TIE_PLAY_ONE_MORE_HAND:
            problems.append(_tie_at_time(ns, ew))
        return problems

    winner = "NS" if ns >= target else "EW"
    loser = "EW" if winner == "NS" else "NS"
    won, lost = scores[winner], scores[loser]
    if not reachable(lost):
        problems.append(
            f"{SIDE_LABELS[loser]} can't have {lost}: "
            "no combination of hands scores exactly that under this rule set."
        )
    if not spec.count_overage:
        if won > target:
            problems.append(
                f"This rule set doesn't count points beyond {target}: "
                f"record the winner's score as {target}."
            )
        return problems
    # Overage counted: the winner finishes on (a score below the target) + (one hand).
    finishes: dict[int, tuple[int, int]] = {}
    for before in range(target):
        if reach[before]:
            for value in values:
                if before + value >= target:
                    finishes[before + value] = (before, value)  # keeps the highest "before"
    best = max(finishes)
    if won > best:
        before, value = finishes[best]
        problems.append(
            f"With overage counted, the most a winner can finish with is {best} "
            f"({before} + {hand_value_label(spec, value)})."
        )
    elif won not in finishes:
        problems.append(
            f"{SIDE_LABELS[winner]} can't finish on {won}: no single hand takes a score "
            f"below {target} to exactly {won} under this rule set."
        )
    return problems


def _check_hands_game(
    spec: RuleSpec, scores: dict[str, int], timed_out: bool, seat_keys: bool
) -> list[str]:
    hands = spec.hands_per_game
    assert hands is not None
    if seat_keys:
        # Partners score alike on every hand except a lone march (loner vs partner).
        lone, partner = spec.lone_march_points, spec.loner_partner_points
        units = {(v, v) for v in uniform_hand_values(spec)} | {(lone, partner), (partner, lone)}
        totals = {side: tuple(scores[seat] for seat in seats_of(side)) for side in SIDES}
        top, who, label = max_hand_points(spec), "a player", SEAT_NAMES
    else:
        units = {(v,) for v in side_hand_values(spec)}
        totals = {side: (scores[side],) for side in SIDES}
        top, who, label = max(side_hand_values(spec)), "a side", SIDE_LABELS
    problems = [
        f"{label[key]} has {value}, but over {hands} hands {who} can score at most "
        f"{hands * top} ({hands} × {top})."
        for key, value in scores.items()
        if value > hands * top
    ]
    if problems:
        return problems

    sums = _sums_by_count(frozenset(units), hands)
    counts = {side: [k for k in range(hands + 1) if totals[side] in sums[k]] for side in SIDES}
    # Stick the dealer: every hand scores for one side, so a full game uses exactly n hands.
    exact = spec.stick_the_dealer and not timed_out
    if not any(
        (k + m == hands) if exact else (k + m <= hands) for k in counts["NS"] for m in counts["EW"]
    ):
        if seat_keys:
            problems.append(
                f"These four totals can't come from {hands} hands under this rule set: partners "
                f"score the same on every hand except a lone march ({lone} to the loner, "
                f"{partner} to the partner)."
            )
        else:
            problems.append(
                f"N-S {scores['NS']} and E-W {scores['EW']} can't both come from {hands} hands "
                "under this rule set"
                + (" (with stick the dealer, every hand scores for one side)." if exact else ".")
            )
    elif (
        timed_out
        and not seat_keys
        and scores["NS"] == scores["EW"]
        and spec.timed_out_tie_rule == TIE_PLAY_ONE_MORE_HAND
    ):
        problems.append(_tie_at_time(scores["NS"], scores["EW"]))
    return problems
