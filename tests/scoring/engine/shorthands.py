"""Shorthands shared by the engine tests: presets, hands and score pairs."""

from scoring.engine import PRESETS, HandOutcome

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
