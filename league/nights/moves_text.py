"""What the notice of a moved night says: subject, body and text, without the ORM.

Fixtures are anything with `home`, `away` and `table` (or None); one wording serves the
email, the public announcement and the text message.
"""

import datetime
from collections.abc import Sequence
from typing import Any

from wording.when import clock, day

SUBJECT_MAX = 200
SMS_ROOM = 220  # of the 320 a text may take: room is left for the link delivery adds


def pairing(fixture: Any) -> str:
    if fixture.away is None:
        return f"{fixture.home} (bye)"
    return f"{fixture.home} v {fixture.away}"


def _place(fixture: Any) -> str:
    return str(fixture.table) if fixture.table is not None else "table to be announced"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _what(fixtures: Sequence[Any], whole: bool) -> str:
    if whole:
        return "The league night"
    if len(fixtures) == 1:
        return pairing(fixtures[0])
    return f"{len(fixtures)} fixtures"


def move_subject(
    *, date: datetime.date, new_date: datetime.date, fixtures: Sequence[Any], whole: bool
) -> str:
    """e.g. "The league night of Tue 3 Sep moves to Thu 5 Sep"."""
    what = _what(fixtures, whole)
    verb = "move" if not whole and len(fixtures) > 1 else "moves"
    return _clip(f"{what} of {day(date)} {verb} to {day(new_date)}", SUBJECT_MAX)


def move_body(
    *,
    league: str,
    season: str,
    date: datetime.date,
    new_date: datetime.date,
    fixtures: Sequence[Any],
    start_time: datetime.time | None,
    note: str,
) -> str:
    at = f", starting at {clock(start_time)}" if start_time is not None else ""
    if len(fixtures) == 1:
        what, verb = pairing(fixtures[0]), "plays"
    else:
        what, verb = f"{len(fixtures)} fixtures", "play"
    lines = [f"{league}, {season}: {what} of {day(date)} now {verb} on {day(new_date)}{at}."]
    if note:
        lines += ["", note]
    lines += ["", "Moved:"]
    lines += [f"- {pairing(f)} ({_place(f)})" for f in fixtures]
    lines += [
        "",
        "Opponents and tables stay as they were. Team calendars follow the change on their own.",
    ]
    return "\n".join(lines)


def move_sms(
    *,
    league: str,
    date: datetime.date,
    new_date: datetime.date,
    fixtures: Sequence[Any],
    note: str,
) -> str:
    what = pairing(fixtures[0]) if len(fixtures) == 1 else f"{len(fixtures)} fixtures"
    text = f"{league}: {what} of {day(date)} moved to {day(new_date)}."
    if note:
        text = f"{text} {note}"
    return _clip(text, SMS_ROOM)
