"""The other side confirms a card on the submitter's phone by typing a seat code.

Players without accounts can't confirm from their own phones, so the game's owner prints a
short code on each entry's seat cards (`scoring.owners.register_side_codes`); typed on the
phone of whoever entered the card, the other side's code confirms it, as their initials
would on a paper card. Wrong codes are counted per game and, after a few, refused for a
while (`accounts.throttle`), so a code can't be guessed.
"""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from accounts import permissions, throttle
from activity.models import Verb
from scoring.engine import SIDE_LABELS
from scoring.models import ScorecardVersion
from scoring.owners import CardStep, side_codes
from scoring.services.card_log import card_logged
from scoring.services.cards import _announce, _locked_scorecard, _open_version, _owner_allows

CODE_MAX = 40  # anything longer than a code is refused before it is read
SEAT_CODE_GUESSES = throttle.Limit(
    scope="seat-code",
    free=3,
    limit=6,
    window=900,
    lockout=900,
    locked=(
        "Too many wrong seat codes for this card. Try again in {wait}, "
        "or ask the director to enter the card."
    ),
    slowed="Several wrong seat codes for this card: wait {wait}, then try again.",
)


def seat_code_clean(code: str) -> str:
    """'ab-7k' -> 'AB7K': what was typed, without spaces, dashes or case."""
    return "".join(ch for ch in str(code).upper() if ch.isalnum())


class _WrongCode(ValidationError):
    """A guess that counts against the game's seat codes."""


def scorecard_confirm_by_code(
    *, version: ScorecardVersion, user: Any, code: str
) -> ScorecardVersion:
    """The other side confirms `version` with one of its players' seat codes.

    `user` holds the phone: someone who may enter this game's card (usually who submitted
    it). The code must be one of the other side's; the submitting side's own is refused.
    The guesses are counted outside the confirmation's transaction, so a refused code,
    which rolls that back, still counts; anything refused before the code is read doesn't.
    """
    guard = throttle.Guard([(SEAT_CODE_GUESSES, f"game-{version.scorecard.game_id}")])
    try:
        guard.begin()
    except throttle.Refused as refusal:
        raise ValidationError(refusal.message) from None
    try:
        confirmed = _confirm_by_code(version=version, user=user, code=code)
    except _WrongCode as wrong:
        guard.failed()
        raise ValidationError(wrong.messages) from None
    except BaseException:
        guard.succeeded()  # not a guess: refused before the code was compared
        raise
    guard.succeeded()
    return confirmed


@transaction.atomic
def _confirm_by_code(*, version: ScorecardVersion, user: Any, code: str) -> ScorecardVersion:
    game = version.scorecard.game
    if not permissions.scoring_sides_for(user, game):
        raise PermissionDenied("Only someone who may enter this card can take a seat code for it.")
    card = _locked_scorecard(game)
    version = _open_version(card, version)
    _owner_allows(card.game, CardStep.ANSWER)
    codes = side_codes(card.game)
    if not codes:
        raise ValidationError(
            "This game has no seat codes: the other side confirms from their own account."
        )
    typed = str(code)
    if len(typed) > CODE_MAX or not seat_code_clean(typed):
        raise ValidationError("Type the code printed on your seat card.")
    other = "EW" if version.submitted_for == "NS" else "NS"
    found = codes.get(seat_code_clean(typed))
    if found is None:
        raise _WrongCode(
            "That code isn't on the seat card of anyone at this table: check it and try again."
        )
    side, who = found
    if side != other:
        raise _WrongCode(
            f"That is {SIDE_LABELS[side]}'s code, and {SIDE_LABELS[side]} entered this card: "
            f"one of {SIDE_LABELS[other]} types theirs to confirm it."
        )
    version.state = ScorecardVersion.State.CONFIRMED
    version.confirmed_at = timezone.now()
    version.confirmed_as = f"{who} ({SIDE_LABELS[other]}), by seat code"[:200]
    version.save(update_fields=["state", "confirmed_at", "confirmed_as"])
    card.status = card.Status.CONFIRMED
    card.save(update_fields=["status", "updated_at"])
    detail = f"with the seat code of {who} ({SIDE_LABELS[other]})"
    card_logged(card, version, verb=Verb.CARD_CONFIRMED, user=user, detail=detail)
    _announce(card, version)
    return version
