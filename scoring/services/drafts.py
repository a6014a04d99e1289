"""Drafts: the hands a user has tapped in, kept server-side until the card is submitted.

Each hand is checked by the engine as it is added, so an impossible hand (or one after
the game was over) is refused at once with the engine's message, and nothing is saved.
The game's owner is asked too (`scoring.owners`): no hands are typed into a card that
couldn't be submitted (a forfeited game, a postponed fixture, a round not open). Staff
are asked as for a correction, since their drafts feed settlements and corrections.
A hand sent with the phone's key (`scoring.services.receipts`) is added once, however many
times it arrives.
"""

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from accounts import permissions
from scoring.engine import SIDES, InvalidHand
from scoring.handrows import HandRow, tally_progress
from scoring.models import EntryReceipt, Game, ScorecardDraft, ScorecardVersion
from scoring.owners import CardStep, card_refusals
from scoring.services.receipts import entry_key_clean, receipt_claim


def _entitled(game: Game, user: Any) -> None:
    if not permissions.scoring_sides_for(user, game):
        raise PermissionDenied("You can't enter the card for this game.")


def _locked_draft(game: Game, user: Any) -> ScorecardDraft:
    _entitled(game, user)
    ScorecardDraft.objects.get_or_create(user=user, game=game)
    return ScorecardDraft.objects.select_for_update().get(user=user, game=game)


def _owner_allows_hands(game: Game, user: Any) -> None:
    step = CardStep.DECIDE if permissions.can_settle_game(user, game) else CardStep.ENTER
    problems = card_refusals(game, step)
    if problems:
        raise ValidationError(problems)


@transaction.atomic
def draft_add_hand(
    *, game: Game, user: Any, hand: Mapping[str, Any], key: str = ""
) -> ScorecardDraft:
    """Add one hand; with a key, a hand that already arrived answers with the draft as is."""
    key = entry_key_clean(key)
    receipt = None
    if key:
        _entitled(game, user)
        receipt, first = receipt_claim(game=game, user=user, key=key, kind=EntryReceipt.Kind.HAND)
        if not first:  # already added (perhaps submitted since): the draft as it stands
            found = ScorecardDraft.objects.filter(user=user, game=game).first()
            return found or ScorecardDraft(user=user, game=game)
    draft = _locked_draft(game, user)
    _owner_allows_hands(game, user)
    rows = draft.rows()
    try:
        row = HandRow.from_mapping(hand, len(rows) + 1)
        tally_progress(game.rule_set.to_spec(), [*rows, row])
    except InvalidHand as exc:
        raise ValidationError(str(exc)) from None
    draft.hands = [*draft.hands, row.as_dict()]
    draft.save(update_fields=["hands", "updated_at"])
    if receipt is not None:
        receipt.hand_number = len(draft.hands)
        receipt.save(update_fields=["hand_number"])
    return draft


@transaction.atomic
def draft_remove_last_hand(*, game: Game, user: Any) -> ScorecardDraft:
    draft = _locked_draft(game, user)
    if not draft.hands:
        raise ValidationError("There is no hand to take back.")
    draft.hands = draft.hands[:-1]
    draft.save(update_fields=["hands", "updated_at"])
    return draft


@transaction.atomic
def draft_set_options(
    *, game: Game, user: Any, side: str | None = None, timed_out: bool | None = None
) -> ScorecardDraft:
    draft = _locked_draft(game, user)
    if side is not None:
        if side not in permissions.scoring_sides_for(user, game) or side not in SIDES:
            raise ValidationError("You can't enter the card for that side.")
        draft.side = side
    if timed_out is not None:
        draft.timed_out = timed_out
    draft.save(update_fields=["side", "timed_out", "updated_at"])
    return draft


@transaction.atomic
def draft_start_from(*, game: Game, user: Any, version: ScorecardVersion) -> ScorecardDraft:
    """Copy a version's hands into the user's draft, to fix one hand without retyping."""
    if version.scorecard.game_id != game.pk:
        raise ValidationError("That card belongs to another game.")
    if version.source != ScorecardVersion.Source.HANDS:
        raise ValidationError("That card was entered as final scores: there are no hands to copy.")
    draft = _locked_draft(game, user)
    _owner_allows_hands(game, user)
    draft.hands = [row.as_dict() for row in version.rows()]
    draft.timed_out = version.timed_out
    draft.save(update_fields=["hands", "timed_out", "updated_at"])
    return draft


@transaction.atomic
def draft_clear(*, game: Game, user: Any) -> None:
    _locked_draft(game, user).delete()
