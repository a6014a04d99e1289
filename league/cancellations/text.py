"""What cancellation notices say: subjects, bodies and texts, without the ORM.

Fixtures are anything with `home`, `away`, `table` (or None) and `date`; one
wording serves the email, the public announcement and the text message.
"""

import datetime
from collections.abc import Sequence
from typing import Any

from wording.when import day as night_label

SUBJECT_MAX = 200
SMS_MAX = 320


def pairing(fixture: Any) -> str:
    return f"{fixture.home} v {fixture.away}"


def place(fixture: Any) -> str:
    return str(fixture.table) if fixture.table is not None else "table to be announced"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def what_was_cancelled(*, scope: str, venue_name: str, fixtures: Sequence[Any]) -> str:
    """`Play`, `Play at The Taproom`, `A1 v A2` or `3 fixtures`: the subject's opening."""
    if scope == "venue":
        return f"Play at {venue_name}"
    if scope == "fixtures":
        return pairing(fixtures[0]) if len(fixtures) == 1 else f"{len(fixtures)} fixtures"
    return "Play"


def cancel_subject(
    *, scope: str, date: datetime.date, reason: str, venue_name: str, fixtures: Sequence[Any]
) -> str:
    """e.g. "Play cancelled Tuesday 3 Nov — weather"."""
    what = what_was_cancelled(scope=scope, venue_name=venue_name, fixtures=fixtures)
    suffix = f" — {reason.lower()}" if reason and reason.lower() != "other" else ""
    return _clip(f"{what} cancelled {night_label(date)}{suffix}", SUBJECT_MAX)


def cancel_body(
    *,
    league: str,
    season: str,
    scope: str,
    venue_name: str,
    date: datetime.date,
    reason: str,
    details: str,
    on_site: bool,
    fixtures: Sequence[Any],
) -> str:
    what = what_was_cancelled(scope=scope, venue_name=venue_name, fixtures=fixtures)
    if scope != "fixtures":
        what = "p" + what[1:]  # "play", mid-sentence
    verb = "are" if scope == "fixtures" and len(fixtures) > 1 else "is"
    when = "tonight" if on_site else f"on {night_label(date)}"
    lines = [f"{league}, {season}: {what} {when} {verb} cancelled ({reason.lower()})."]
    if details:
        lines += ["", details]
    lines += ["", "Cancelled:"]
    lines += [f"- {pairing(f)} ({place(f)})" for f in fixtures]
    lines += [
        "",
        "These fixtures will be moved to a makeup date or dropped if the season is "
        "shortened; captains hear which as soon as it is decided.",
    ]
    return "\n".join(lines)


def cancel_sms(
    *, league: str, date: datetime.date, reason: str, details: str, fixtures: Sequence[Any]
) -> str:
    count = len(fixtures)
    what = pairing(fixtures[0]) if count == 1 else f"{count} fixtures"
    text = f"{league}: {what} cancelled {night_label(date)} ({reason.lower()})."
    if details:
        text = f"{text} {details}"
    # Room is left for the link the delivery adds.
    return _clip(text, SMS_MAX - 100)


def decision_subject(*, date: datetime.date, reschedule: bool) -> str:
    night = night_label(date)
    if reschedule:
        return f"Makeup dates for the fixtures cancelled {night}"
    return f"No makeup for {night}: the season is shortened"


def decision_body(
    *,
    league: str,
    season: str,
    date: datetime.date,
    moved: Sequence[Any],
    dropped: Sequence[Any],
    note: str,
) -> str:
    night = night_label(date)
    lines = [f"{league}, {season}: about the play cancelled {night}."]
    if moved:
        lines += ["", "New dates:"]
        lines += [f"- {pairing(f)}: {night_label(f.date)}, {place(f)}" for f in moved]
    if dropped:
        lines += [
            "",
            "These fixtures won't be replayed; the rest of the schedule stays as it is:",
        ]
        lines += [f"- {pairing(f)}" for f in dropped]
    if note:
        lines += ["", note]
    return "\n".join(lines)


def decision_sms(*, league: str, date: datetime.date, moved: Sequence[Any]) -> str:
    night = night_label(date)
    if not moved:
        return f"{league}: the fixtures cancelled {night} won't be replayed (season shortened)."
    listed = "; ".join(f"{pairing(f)} {night_label(f.date)}" for f in moved)
    text = f"{league}: makeup for {night}: {listed}."
    if len(text) <= SMS_MAX - 100:
        return text
    return f"{league}: the fixtures cancelled {night} have new dates; see the schedule."
