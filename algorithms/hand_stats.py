"""Hand-by-hand statistics of a side ("NS" / "EW") or a seat ("N" "E" "S" "W").

Counted from a card's hands; the definitions, for a side S (a seat counts for its side,
N and S for "NS", E and W for "EW"):

- hands: every hand, passed ones too.
- hand points: the points S scored on its hands (a seat's own points under individual
  scoring, when the hand has ``seat_points``; else its side's).
- trump made: S named trump (``maker_side == S``).
- made good: S made trump, took 3 or more tricks and did not renege.
- march: S made trump, took all 5 tricks and did not renege.
- euchre suffered: S made trump and took fewer than 3 tricks, nobody reneging.
- euchre given: the other side made trump and took fewer than 3 tricks, nobody reneging.
- lone tried: S's lone hands (alone and ``maker_side == S``); for a seat only the hands it
  played alone itself (``loner_seat`` is the seat).
- lone made: a lone try with 3 or more tricks and no renege by S.
- lone marched: a lone try with all 5 tricks and no renege by S.
- reneges: S reneged (``renege_by == S``).

Rates are exact ``Fraction`` values (like the standings), None when there is nothing to
divide by; format them where they are shown.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction

SIDES = ("NS", "EW")
SEATS = ("N", "E", "S", "W")
SIDE_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@dataclass(frozen=True)
class Hand:
    maker_side: str  # "NS" / "EW", "" when the deal was passed
    alone: bool = False
    loner_seat: str = ""  # "N" "E" "S" "W" or "" (unknown / not alone)
    tricks: int = 0  # tricks the makers took, 0-5
    renege_by: str = ""  # "NS" / "EW" / ""
    passed: bool = False
    side_points: Mapping[str, int] = field(default_factory=dict)  # {"NS": x, "EW": y}
    seat_points: Mapping[str, int] = field(default_factory=dict)  # empty for team games

    def __post_init__(self) -> None:
        if self.maker_side not in ("", *SIDES):
            raise ValueError(f'The makers are "NS", "EW" or "" (passed), not {self.maker_side!r}.')
        if self.renege_by not in ("", *SIDES):
            raise ValueError(f'A renege is by "NS", "EW" or nobody (""), not {self.renege_by!r}.')
        if self.loner_seat not in ("", *SEATS):
            raise ValueError(f"The lone seat is N, E, S, W or unknown, not {self.loner_seat!r}.")
        if self.loner_seat and not self.alone:
            raise ValueError("A hand with a lone seat must be played alone.")
        if self.loner_seat and SIDE_OF_SEAT[self.loner_seat] != self.maker_side:
            raise ValueError(f"Seat {self.loner_seat} can't go alone for {self.maker_side!r}.")
        if not 0 <= self.tricks <= 5:
            raise ValueError(f"The makers take 0 to 5 tricks, not {self.tricks}.")


@dataclass(frozen=True)
class HandCounts:
    hands: int = 0
    hand_points: int = 0
    trump_made: int = 0
    trump_made_good: int = 0
    marches: int = 0
    euchres_suffered: int = 0
    euchres_given: int = 0
    lone_tried: int = 0
    lone_made: int = 0
    lone_marched: int = 0
    reneges: int = 0

    def __add__(self, other: object) -> HandCounts:
        if not isinstance(other, HandCounts):
            return NotImplemented
        names = [f.name for f in fields(self)]
        return HandCounts(**{n: getattr(self, n) + getattr(other, n) for n in names})

    def __radd__(self, other: object) -> HandCounts:
        # So sum(counts) works from its start value 0.
        if other == 0:
            return self
        return NotImplemented

    @property
    def made_good_rate(self) -> Fraction | None:
        """Share of the hands where trump was made that were made good (exact)."""
        return Fraction(self.trump_made_good, self.trump_made) if self.trump_made else None

    @property
    def points_per_hand(self) -> Fraction | None:
        return Fraction(self.hand_points, self.hands) if self.hands else None


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise ValueError(f'A side is "NS" or "EW", not {side!r}.')


def _check_seat(seat: str) -> None:
    if seat not in SEATS:
        raise ValueError(f"A seat is N, E, S or W, not {seat!r}.")


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _counts(hands: Sequence[Hand], side: str, seat: str | None) -> HandCounts:
    other = _other(side)
    c = dict.fromkeys((f.name for f in fields(HandCounts)), 0)
    for hand in hands:
        c["hands"] += 1
        if seat is not None and hand.seat_points:
            c["hand_points"] += hand.seat_points.get(seat, 0)
        else:
            c["hand_points"] += hand.side_points.get(side, 0)
        if hand.renege_by == side:
            c["reneges"] += 1
        good = hand.tricks >= 3 and hand.renege_by != side
        marched = hand.tricks == 5 and hand.renege_by != side
        euchred = hand.tricks < 3 and not hand.renege_by
        if hand.maker_side == other and euchred:
            c["euchres_given"] += 1
        if hand.maker_side != side:
            continue
        c["trump_made"] += 1
        c["trump_made_good"] += good
        c["marches"] += marched
        c["euchres_suffered"] += euchred
        lone = hand.alone and (seat is None or hand.loner_seat == seat)
        if lone:
            c["lone_tried"] += 1
            c["lone_made"] += good
            c["lone_marched"] += marched
    return HandCounts(**c)


def side_counts(hands: Sequence[Hand], side: str) -> HandCounts:
    """A side's counts over the hands (see the module's definitions)."""
    _check_side(side)
    return _counts(hands, side, None)


def seat_counts(hands: Sequence[Hand], seat: str) -> HandCounts:
    """A seat's counts: its side's trump and euchre counts, its own lone hands and points."""
    _check_seat(seat)
    return _counts(hands, SIDE_OF_SEAT[seat], seat)
