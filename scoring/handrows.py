"""A scorecard's rows as plain data, and its totals from the engine.

No Django here: services, forms and drafts turn what a captain tapped into ``HandRow``
values, and ``tally_hands`` / ``tally_final`` ask the engine for every total, so a total
is never typed twice. Refusals raise ``InvalidHand`` with a captain-readable message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from scoring.engine import (
    INDIVIDUAL,
    SEAT_NAMES,
    SEATS,
    SIDE_LABELS,
    SIDES,
    HandOutcome,
    HandPoints,
    InvalidHand,
    RuleSpec,
    check_final_scores,
    play_game,
)

HANDS = "hands"
FINAL = "final"
NEXT_DEALER = {"N": "E", "E": "S", "S": "W", "W": "N"}  # the deal passes to the left


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _flag(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


@dataclass(frozen=True)
class HandRow:
    """One deal as recorded on the card; "" means "not recorded" for the text fields."""

    dealer: str = ""
    maker_side: str = ""
    alone: bool = False
    loner_seat: str = ""
    tricks: int = 0
    renege_by: str = ""
    passed: bool = False
    false_renege_claim_by: str = ""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], number: int | None = None) -> HandRow:
        """Build a row from form or JSON data, refusing values no card could hold."""
        where = f"Hand {number}: " if number else ""
        try:
            tricks = int(data.get("tricks") or 0)
        except (TypeError, ValueError):
            raise InvalidHand(f"{where}the makers' tricks must be a number from 0 to 5.") from None
        row = cls(
            dealer=_text(data.get("dealer")).upper(),
            maker_side=_text(data.get("maker_side")).upper(),
            alone=_flag(data.get("alone")),
            loner_seat=_text(data.get("loner_seat")).upper(),
            tricks=tricks,
            renege_by=_text(data.get("renege_by")).upper(),
            passed=_flag(data.get("passed")),
            false_renege_claim_by=_text(data.get("false_renege_claim_by")).upper(),
        )
        if row.dealer and row.dealer not in SEATS:
            raise InvalidHand(f"{where}the dealer must be North, East, South or West.")
        for value in (row.maker_side, row.renege_by, row.false_renege_claim_by):
            if value and value not in SIDES:
                raise InvalidHand(f"{where}a side must be N-S or E-W.")
        return row

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def outcome(self) -> HandOutcome:
        return HandOutcome(
            maker_side=self.maker_side or None,
            alone=self.alone,
            maker_tricks=self.tricks,
            renege_by=self.renege_by or None,
            loner_seat=self.loner_seat or None,
            passed=self.passed,
            false_claim_by=self.false_renege_claim_by or None,
        )


def rows_from(hands: Sequence[HandRow | Mapping[str, Any]]) -> list[HandRow]:
    return [
        hand if isinstance(hand, HandRow) else HandRow.from_mapping(hand, number)
        for number, hand in enumerate(hands, start=1)
    ]


def next_dealer(rows: Sequence[HandRow], first_dealer: str = "") -> str:
    """Who deals next: left of the last recorded dealer ("" when nobody was recorded)."""
    if not rows:
        return first_dealer
    last = rows[-1].dealer
    return NEXT_DEALER[last] if last else ""


@dataclass(frozen=True)
class CardTally:
    """Everything a scorecard version stores, all computed by the engine."""

    source: str
    ns_total: int | None
    ew_total: int | None
    winner: str | None
    ended_by: str
    timed_out: bool
    message: str
    seat_totals: dict[str, int] = field(default_factory=dict)
    hands: list[HandPoints] = field(default_factory=list)
    running: list[dict[str, int]] = field(default_factory=list)
    seat_running: list[dict[str, int]] = field(default_factory=list)
    lone_hands_made: dict[str, int] = field(default_factory=dict)


def _lone_hands_made(rows: Sequence[HandRow], hands: Sequence[HandPoints]) -> dict[str, int]:
    made: dict[str, int] = {}
    for row, hand in zip(rows, hands, strict=True):
        if row.alone and row.loner_seat and hand.scorer == row.maker_side:
            made[row.loner_seat] = made.get(row.loner_seat, 0) + 1
    return made


def tally_progress(spec: RuleSpec, rows: Sequence[HandRow], timed_out: bool = False) -> CardTally:
    """Running totals of a card being entered; the game may not be over yet."""
    result = play_game(spec, [row.outcome() for row in rows], timed_out=timed_out)
    return CardTally(
        source=HANDS,
        ns_total=result.final["NS"],
        ew_total=result.final["EW"],
        winner=result.winner,
        ended_by=result.ended_by,
        timed_out=result.ended_by == "time",
        message=result.message,
        seat_totals=result.seat_final,
        hands=result.hands,
        running=result.running,
        seat_running=result.seat_running,
        lone_hands_made=_lone_hands_made(rows, result.hands),
    )


def tally_hands(spec: RuleSpec, rows: Sequence[HandRow], timed_out: bool = False) -> CardTally:
    """Totals of a finished card; refuses an empty or unfinished game."""
    if not rows:
        raise InvalidHand("Enter at least one hand, or enter the final score instead.")
    tally = tally_progress(spec, rows, timed_out)
    if tally.ended_by != "incomplete":
        return tally
    if timed_out:  # a tie at time that the rule set says to play off
        raise InvalidHand(tally.message)
    if spec.target_points is None:
        raise InvalidHand(
            f"Only {len(rows)} of {spec.hands_per_game} hands are on the card: "
            "enter every hand before submitting."
        )
    hint = (
        f" Keep entering hands, or tick 'time ran out' if the {spec.time_limit_minutes}-minute "
        "limit ended the game."
        if spec.time_limit_minutes
        else " Keep entering hands until one side gets there."
    )
    raise InvalidHand(tally.message + hint)


def final_keys(spec: RuleSpec) -> tuple[str, ...]:
    """Individual cards record each player's total; partnership cards each side's."""
    return SEATS if spec.scoring_mode == INDIVIDUAL else SIDES


def final_labels(spec: RuleSpec) -> dict[str, str]:
    return SEAT_NAMES if spec.scoring_mode == INDIVIDUAL else SIDE_LABELS


def tally_final(spec: RuleSpec, scores: Mapping[str, Any], timed_out: bool = False) -> CardTally:
    """Check final scores against the rule set; the refusal names every problem."""
    keys, labels = final_keys(spec), final_labels(spec)
    clean: dict[str, int] = {}
    for key in keys:
        value = scores.get(key)
        if value is None or value == "":
            raise InvalidHand(f"Enter a score for {labels[key]}.")
        try:
            clean[key] = int(value)
        except (TypeError, ValueError):
            raise InvalidHand(f"{labels[key]}'s score must be a whole number.") from None
    problems = check_final_scores(spec, clean, timed_out=timed_out)
    if problems:
        raise InvalidHand(" ".join(problems))
    if keys == SEATS:
        return CardTally(
            source=FINAL,
            ns_total=None,
            ew_total=None,
            winner=None,
            ended_by="time" if timed_out else "hands",
            timed_out=timed_out,
            message="Final scores for each player.",
            seat_totals=clean,
        )
    ns, ew = clean["NS"], clean["EW"]
    leader = None if ns == ew else ("NS" if ns > ew else "EW")
    reached = spec.target_points is not None and max(ns, ew) >= spec.target_points
    ended_by = "target" if reached else ("time" if timed_out else "hands")
    return CardTally(
        source=FINAL,
        ns_total=ns,
        ew_total=ew,
        winner=leader,
        ended_by=ended_by,
        timed_out=ended_by == "time",
        message=f"Final score: N-S {ns}, E-W {ew}.",
    )
