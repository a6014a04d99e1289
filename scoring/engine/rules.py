"""Rule sets as data: the RuleSpec shape, its consistency check, and seat/side helpers.

Pure Python (no Django) so forms, scorecards, imports and tests all share one rule book.
Import the public names from ``scoring.engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

SIDES = ("NS", "EW")
SEATS = ("N", "E", "S", "W")
SIDE_LABELS = {"NS": "N-S", "EW": "E-W"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}

PARTNERSHIP = "partnership"
INDIVIDUAL = "individual"
SCORING_MODES = (PARTNERSHIP, INDIVIDUAL)

RENEGE_FIXED = "fixed"
RENEGE_FULL_ATTAINABLE = "full_attainable"
RENEGE_MODES = (RENEGE_FIXED, RENEGE_FULL_ATTAINABLE)

TIE_PLAY_ONE_MORE_HAND = "play_one_more_hand"
TIE_STANDS = "tie_stands"
TIE_RULES = (TIE_PLAY_ONE_MORE_HAND, TIE_STANDS)


class InvalidHand(ValueError):
    """Impossible hand or game input; ``str(exc)`` is written for a team captain."""


class InvalidRuleSpec(ValueError):
    """The rule set itself is inconsistent (see ``validate_rulespec``)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("This rule set is inconsistent: " + " ".join(self.problems))


@dataclass(frozen=True)
class RuleSpec:
    """One rule set. A Django model mirrors these field names one for one.

    Defaults are plain partnership euchre to 10; presets spell every field out.
    """

    target_points: int | None = 10  # None when a game is a fixed number of hands
    hands_per_game: int | None = None  # e.g. 8 for progressive; None for target games
    count_overage: bool = False  # False: the winner's recorded score is capped at the target
    make_points: int = 1
    march_points: int = 2
    euchre_points: int = 2  # to the defenders
    lone_make_points: int = 1
    lone_march_points: int = 4
    lone_euchre_points: int = 2  # to the defenders
    loner_partner_points: int = 0  # individual events: the loner's partner on a lone march
    renege_mode: str = RENEGE_FIXED  # "fixed" or "full_attainable"
    renege_points: int = 2  # fixed mode only
    lone_renege_points: int = 4  # fixed mode only, when the hand was a lone hand
    stick_the_dealer: bool = False  # False: a passed deal is a no-points hand (X)
    time_limit_minutes: int | None = None
    timed_out_tie_rule: str = TIE_PLAY_ONE_MORE_HAND
    false_renege_claim_penalty: int = 0  # deducted from the side making an unproven claim
    scoring_mode: str = PARTNERSHIP  # "partnership" or "individual"
    description: str = ""
    play_notes: str = ""  # table rules shown to players, not enforced by scoring


# Field -> how a captain or manager would name it, most valuable first (used for labels).
_HAND_VALUE_FIELDS = (
    ("lone_march_points", "Points for a lone march", "a lone march"),
    ("lone_euchre_points", "Points for euchring a loner", "euchring a loner"),
    ("march_points", "Points for a march", "a march"),
    ("euchre_points", "Points for a euchre", "a euchre"),
    ("make_points", "Points for making trump (3-4 tricks)", "making trump"),
    ("lone_make_points", "Points for a lone hand taking 3-4 tricks", "a lone hand taking 3-4"),
)
_INT_FIELDS = (
    *(name for name, _, _ in _HAND_VALUE_FIELDS),
    "loner_partner_points",
    "renege_points",
    "lone_renege_points",
    "false_renege_claim_penalty",
)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate_rulespec(spec: RuleSpec) -> list[str]:
    """Human-readable reasons the rule set can't be used; empty when it is consistent."""
    problems = [
        f"'{n}' must be a whole number." for n in _INT_FIELDS if not _is_int(getattr(spec, n))
    ]
    for name in ("target_points", "hands_per_game", "time_limit_minutes"):
        value = getattr(spec, name)
        if value is not None and not _is_int(value):
            problems.append(f"'{name}' must be a whole number or empty.")
    if problems:  # the comparisons below need numbers
        return problems

    target, hands = spec.target_points, spec.hands_per_game
    if target is None and hands is None:
        problems.append("Set a target score (e.g. 10) or a number of hands per game (e.g. 8).")
    elif target is not None and hands is not None:
        problems.append("Set a target score or a number of hands per game, not both.")
    if target is not None and target < 1:
        problems.append("The target score must be at least 1.")
    if hands is not None and hands < 1:
        problems.append("A game must have at least one hand.")
    if spec.count_overage and target is None:
        problems.append("Counting points beyond the target only applies to games with a target.")

    if spec.scoring_mode not in SCORING_MODES:
        problems.append(
            f"Unknown scoring mode '{spec.scoring_mode}': use partnership or individual."
        )
    elif spec.scoring_mode == INDIVIDUAL and hands is None:
        problems.append(
            "Individual scoring needs a fixed number of hands per game, "
            "so every player's card covers the same hands."
        )
    elif spec.scoring_mode == PARTNERSHIP and target is None:
        problems.append("Partnership games are played to a target score: set one (e.g. 10).")
    if spec.scoring_mode == PARTNERSHIP and spec.loner_partner_points != 0:
        problems.append("Points for the loner's partner only apply to individual scoring: use 0.")

    # Every scoring outcome must be worth something, or a hand could leave no trace.
    for name, label, _ in _HAND_VALUE_FIELDS:
        value = getattr(spec, name)
        if value < 0:
            problems.append(f"{label} can't be negative.")
        elif value == 0:
            problems.append(f"{label} must be at least 1.")
    make, march = spec.make_points, spec.march_points
    lone_make, lone_march = spec.lone_make_points, spec.lone_march_points
    if march < make:
        problems.append(f"A march ({march}) can't be worth less than making trump ({make}).")
    if lone_march < march:
        problems.append(f"A lone march ({lone_march}) can't be worth less than a march ({march}).")
    if lone_march < lone_make:
        problems.append(
            f"A lone march ({lone_march}) can't be worth less than "
            f"a lone hand taking 3-4 tricks ({lone_make})."
        )
    if spec.loner_partner_points < 0:
        problems.append("Points for the loner's partner can't be negative.")
    elif spec.loner_partner_points > lone_march:
        problems.append(
            f"The loner's partner ({spec.loner_partner_points}) can't get more "
            f"than the loner ({lone_march})."
        )

    if spec.renege_mode not in RENEGE_MODES:
        problems.append(f"Unknown renege rule '{spec.renege_mode}': use fixed or full_attainable.")
    if spec.renege_points < 0 or spec.lone_renege_points < 0:
        problems.append("Renege points can't be negative.")
    elif spec.renege_mode == RENEGE_FIXED:
        if spec.renege_points < 1:
            problems.append("With a fixed renege penalty, a renege must give at least 1 point.")
        if spec.lone_renege_points < spec.renege_points:
            problems.append(
                f"A renege on a lone hand ({spec.lone_renege_points}) can't give less "
                f"than an ordinary renege ({spec.renege_points})."
            )

    if spec.time_limit_minutes is not None and spec.time_limit_minutes < 1:
        problems.append("A time limit must be at least 1 minute (or leave it empty).")
    if spec.timed_out_tie_rule not in TIE_RULES:
        problems.append(
            f"Unknown tie rule '{spec.timed_out_tie_rule}': use play_one_more_hand or tie_stands."
        )
    if spec.false_renege_claim_penalty < 0:
        problems.append(
            "The unproven-renege-claim penalty is the number of points deducted: "
            "enter it as a positive number (e.g. 2)."
        )
    return problems


def require_valid(spec: RuleSpec) -> None:
    problems = validate_rulespec(spec)
    if problems:
        raise InvalidRuleSpec(problems)


def side_of(seat: str) -> str:
    """'N'/'S' -> 'NS', 'E'/'W' -> 'EW'."""
    if seat in ("N", "S"):
        return "NS"
    if seat in ("E", "W"):
        return "EW"
    raise InvalidHand(f"Unknown seat {seat!r}: use N, E, S or W.")


def partner_of(seat: str) -> str:
    side_of(seat)  # validates
    return {"N": "S", "S": "N", "E": "W", "W": "E"}[seat]


def other_side(side: str) -> str:
    if side not in SIDES:
        raise InvalidHand(f"Unknown side {side!r}: use NS or EW.")
    return "EW" if side == "NS" else "NS"


def seats_of(side: str) -> tuple[str, str]:
    other_side(side)  # validates
    return ("N", "S") if side == "NS" else ("E", "W")


def uniform_hand_values(spec: RuleSpec) -> frozenset[int]:
    """Values both players of the scoring side get alike (everything but a lone march)."""
    values = {
        spec.make_points,
        spec.march_points,
        spec.euchre_points,
        spec.lone_make_points,
        spec.lone_euchre_points,
    }
    if spec.renege_mode == RENEGE_FIXED:
        values |= {spec.renege_points, spec.lone_renege_points}
    # full_attainable reneges award march/lone march/euchre/lone euchre, already listed.
    return frozenset(values)


def side_hand_values(spec: RuleSpec) -> frozenset[int]:
    """Every value one side can receive on a single hand (the other side gets 0)."""
    return uniform_hand_values(spec) | {spec.lone_march_points}


def max_hand_points(spec: RuleSpec) -> int:
    """The most any side or player can receive on one hand under this rule set."""
    return max(side_hand_values(spec) | {spec.loner_partner_points})


def hand_value_label(spec: RuleSpec, value: int) -> str:
    """Name the hand that gives ``value`` points, e.g. 4 -> 'a lone march'."""
    for name, _, label in _HAND_VALUE_FIELDS:
        if getattr(spec, name) == value:
            return label
    if spec.renege_mode == RENEGE_FIXED and value in (spec.renege_points, spec.lone_renege_points):
        return "a renege"
    return f"a {value}-point hand"


def points_text(value: int) -> str:
    return f"{value} point" if value == 1 else f"{value} points"
