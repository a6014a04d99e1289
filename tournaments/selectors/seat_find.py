"""Finding a player's seat on "Where do I sit": by part of a name, or by the seat code
printed on their card.

A name is searched as a person reads it: case, accents and extra spaces don't count, and
only a short, clean piece of text is read. A seat code confirms cards at the table, so a
lookup that answers "this is the card of …" must not let anyone try codes until one
fits: wrong codes are counted per event and visitor's address (`accounts.throttle`), and
after a few the lookup waits.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.http import HttpRequest

from accounts import throttle
from inputs.bounds import text_clean
from scoring.services.seat_codes import seat_code_clean
from tournaments.models import Entry, Tournament

NAME_QUERY_MAX = 60
CODE_QUERY_MAX = 12
MATCHES_SHOWN = 20
SEAT_FIND_GUESSES = throttle.Limit(
    scope="seat-find",
    free=4,
    limit=8,
    window=900,
    lockout=900,
    locked="Too many wrong seat codes from here. Try again in {wait}, or search by your name.",
    slowed="Several wrong seat codes: wait {wait}, then try again.",
)


def folded(text: str) -> str:
    """'  Zoë   O’Brien ' -> 'zoe o'brien': what a search compares."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def name_query(raw: str) -> tuple[str, str]:
    """(the name to search for, or ""; a problem to show, or "")."""
    if not raw.strip():
        return "", ""
    try:
        text = text_clean(raw, label="the name", limit=NAME_QUERY_MAX, collapse=True)
    except ValidationError as exc:
        return "", exc.messages[0]
    return text, ""


def name_matches(query: str, name: str) -> bool:
    return folded(query) in folded(name)


def seat_code_lookup(
    request: HttpRequest, tournament: Tournament, raw: str
) -> tuple[Entry | None, str]:
    """(the entry whose seat code was typed, or None; a problem to show, or "")."""
    code = seat_code_clean(raw)
    if len(raw) > CODE_QUERY_MAX or not code:
        return None, "Type the seat code printed on your card."
    guard = throttle.Guard(
        [(SEAT_FIND_GUESSES, f"{tournament.pk}:{throttle.client_address(request)}")]
    )
    try:
        guard.begin()
    except throttle.Refused as refusal:
        return None, refusal.message
    entry = tournament.entries.filter(seat_code=code).select_related("player").first()
    if entry is None:
        guard.failed()
        return None, "No card of this event has that seat code: check it, or search by name."
    guard.succeeded()
    return entry, ""
