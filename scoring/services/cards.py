"""Scorecard workflow: submit, confirm, dispute, settle, correct.

Every action locks the game's Scorecard row first (select_for_update), so two captains
submitting at once, or a double click, leave one version chain. Every action asks the
game's owner (`scoring.owners`) whether the card may take that step now, whichever page
called it. Refusals raise ValidationError (for the captain to read) or PermissionDenied
and write nothing.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from inputs.bounds import text_clean
from scoring.engine import SIDES, InvalidHand
from scoring.handrows import CardTally, HandRow, rows_from, tally_final, tally_hands
from scoring.models import (
    EntryReceipt,
    Game,
    HandEntry,
    Scorecard,
    ScorecardDraft,
    ScorecardVersion,
)
from scoring.owners import CardStep, card_refusals
from scoring.services.card_log import card_logged
from scoring.services.receipts import entry_key_clean, receipt_claim
from scoring.sides import side_names
from scoring.signals import card_confirmed

Hands = Sequence[HandRow | Mapping[str, Any]] | None
Scores = Mapping[str, Any] | None

Status = Scorecard.Status
State = ScorecardVersion.State
Kind = ScorecardVersion.Kind
REASON_MAX = 1000  # a dispute's or a staff decision's reason, kept with the card


def _locked_scorecard(game: Game) -> Scorecard:
    # The unique game_id settles a race to create the card; the row lock orders the rest.
    Scorecard.objects.get_or_create(game_id=game.pk)
    card = (
        Scorecard.objects.select_for_update(of=("self",))
        .select_related("game__rule_set", "game__ns_team", "game__ew_team")
        .get(game_id=game.pk)
    )
    return card


def _tally(
    card: Scorecard, hands: Hands, final_scores: Scores, timed_out: bool
) -> tuple[list[HandRow], CardTally]:
    if hands is not None and final_scores is not None:
        raise ValidationError("Enter the hands or the final score, not both.")
    if hands is None and final_scores is None:
        raise ValidationError("Enter the hands or the final score.")
    spec = card.game.rule_set.to_spec()
    try:
        if hands is not None:
            rows = rows_from(hands)
            return rows, tally_hands(spec, rows, timed_out)
        assert final_scores is not None
        return [], tally_final(spec, final_scores, timed_out)
    except InvalidHand as exc:
        raise ValidationError(str(exc)) from None


def _same_content(version: ScorecardVersion, rows: list[HandRow], tally: CardTally) -> bool:
    if version.source != tally.source or version.timed_out != tally.timed_out:
        return False
    if tally.source == ScorecardVersion.Source.HANDS:
        return version.rows() == rows
    return (version.ns_total, version.ew_total, version.seat_totals) == (
        tally.ns_total,
        tally.ew_total,
        tally.seat_totals,
    )


def hand_entries(
    version: ScorecardVersion, rows: list[HandRow], tally: CardTally
) -> list[HandEntry]:
    """The unsaved hand rows of a version, with the points the engine gave each hand."""
    return [
        HandEntry(
            version=version,
            number=number,
            **row.as_dict(),
            ns_points=hand.points["NS"],
            ew_points=hand.points["EW"],
            ns_running=running["NS"],
            ew_running=running["EW"],
            seat_points=hand.seat_points,
            seat_running=tally.seat_running[number - 1] if tally.seat_running else {},
            summary=hand.summary[:240],
        )
        for number, (row, hand, running) in enumerate(
            zip(rows, tally.hands, tally.running, strict=True), start=1
        )
    ]


def _write_version(
    card: Scorecard,
    *,
    rows: list[HandRow],
    tally: CardTally,
    kind: str,
    state: str,
    user: Any,
    side: str = "",
    reason: str = "",
) -> ScorecardVersion:
    now = timezone.now()
    previous = card.current_version
    if previous is not None and previous.state != State.REPLACED:
        # Replace first: the one-confirmed-version constraint must hold at every statement.
        previous.state = State.REPLACED
        previous.save(update_fields=["state"])
    number = (card.versions.aggregate(top=Max("number"))["top"] or 0) + 1
    confirmed = state == State.CONFIRMED
    version = ScorecardVersion.objects.create(
        scorecard=card,
        number=number,
        source=tally.source,
        kind=kind,
        state=state,
        timed_out=tally.timed_out,
        ns_total=tally.ns_total,
        ew_total=tally.ew_total,
        winner=tally.winner or "",
        ended_by=tally.ended_by,
        seat_totals=tally.seat_totals,
        lone_hands_made=tally.lone_hands_made,
        hand_count=len(rows),
        submitted_by=user,
        submitted_for=side,
        submitted_at=now,
        previous=previous,
        reason=reason,
        confirmed_by=user if confirmed else None,
        confirmed_at=now if confirmed else None,
    )
    HandEntry.objects.bulk_create(hand_entries(version, rows, tally))
    card.current_version = version
    return version


def _announce(card: Scorecard, version: ScorecardVersion) -> None:
    game = card.game
    transaction.on_commit(
        lambda: card_confirmed.send(sender=ScorecardVersion, game=game, version=version)
    )


def _reason(reason: str, what: str) -> str:
    return text_clean(
        reason,
        label="the reason",
        limit=REASON_MAX,
        empty=f"Give a reason for the {what}: it is kept with the card.",
        lines=True,
    )


def _owner_allows(game: Game, step: CardStep) -> None:
    """The league fixture or tournament round owning the game decides; refuse as it says."""
    problems = card_refusals(game, step)
    if problems:
        raise ValidationError(problems)


def _open_version(card: Scorecard, version: ScorecardVersion) -> ScorecardVersion:
    """The version as it stands under the lock; refuse when the card moved on."""
    current = card.current_version
    if current is None or current.pk != version.pk or current.state != State.PENDING:
        raise ValidationError(
            f"This card has changed since you opened it (it is now "
            f"'{card.get_status_display().lower()}'): reload the page to see it."
        )
    current.scorecard = card
    return current


@transaction.atomic
def scorecard_submit(
    *,
    game: Game,
    user: Any,
    side: str,
    hands: Hands = None,
    final_scores: Scores = None,
    timed_out: bool = False,
    key: str = "",
) -> ScorecardVersion:
    """A side's card, hand by hand or as final scores; the other side then confirms it.

    A new submission replaces one still awaiting confirmation (or disputed); the same card
    submitted twice by the same person (a double click) returns the existing version, and
    so does a submission sent again under the phone's key, whatever happened since.
    """
    key = entry_key_clean(key)
    if side not in SIDES:
        raise ValidationError("Say which side you are entering the card for: N-S or E-W.")
    if not permissions.can_submit_for_side(user, game, side):
        name = side_names(game, players=False)[side]
        raise PermissionDenied(
            f"Only the {name} captain, a league manager or a tournament director "
            f"can submit the card for {name}."
        )
    receipt = None
    if key:
        receipt, first = receipt_claim(game=game, user=user, key=key, kind=EntryReceipt.Kind.CARD)
        if not first:
            if receipt.version is None:  # only if staff deleted the version since
                raise ValidationError("That card was already sent, and has since been removed.")
            return receipt.version
    card = _locked_scorecard(game)
    if card.is_confirmed:
        raise ValidationError(
            "This card is already confirmed: only a league manager or tournament director "
            "can correct it now."
        )
    _owner_allows(card.game, CardStep.ENTER)
    rows, tally = _tally(card, hands, final_scores, timed_out)
    current = card.current_version
    if (
        current is not None
        and current.state == State.PENDING
        and current.submitted_for == side
        and current.submitted_by_id == user.pk
        and _same_content(current, rows, tally)
    ):
        version = current
    else:
        version = _write_version(
            card,
            rows=rows,
            tally=tally,
            kind=Kind.SUBMISSION,
            state=State.PENDING,
            user=user,
            side=side,
        )
        card.status = Status.SUBMITTED
        card.save(update_fields=["status", "current_version", "updated_at"])
        ScorecardDraft.objects.filter(user=user, game_id=game.pk).delete()
        for_side = side_names(card.game, players=False)[side]
        card_logged(card, version, verb=Verb.CARD_SUBMITTED, user=user, detail=for_side)
    if receipt is not None:
        receipt.version = version
        receipt.save(update_fields=["version"])
    return version


@transaction.atomic
def scorecard_confirm(*, version: ScorecardVersion, user: Any) -> ScorecardVersion:
    """The other side agrees: the version becomes the game's confirmed result."""
    card = _locked_scorecard(version.scorecard.game)
    version = _open_version(card, version)
    if version.submitted_by_id == user.pk:
        raise PermissionDenied("You submitted this card, so you can't confirm it yourself.")
    if not permissions.can_confirm(user, version):
        raise PermissionDenied("Only the other side's captain can confirm this card.")
    _owner_allows(card.game, CardStep.ANSWER)
    version.state = State.CONFIRMED
    version.confirmed_by = user
    version.confirmed_at = timezone.now()
    version.save(update_fields=["state", "confirmed_by", "confirmed_at"])
    card.status = Status.CONFIRMED
    card.save(update_fields=["status", "updated_at"])
    card_logged(card, version, verb=Verb.CARD_CONFIRMED, user=user)
    _announce(card, version)
    return version


@transaction.atomic
def scorecard_dispute(*, version: ScorecardVersion, user: Any, reason: str) -> ScorecardVersion:
    """The other side disagrees: the card goes to a manager or director to settle."""
    card = _locked_scorecard(version.scorecard.game)
    version = _open_version(card, version)
    if version.submitted_by_id == user.pk:
        raise PermissionDenied("You submitted this card, so you can't dispute it yourself.")
    if not permissions.can_confirm(user, version):
        raise PermissionDenied("Only the other side's captain can dispute this card.")
    _owner_allows(card.game, CardStep.ANSWER)
    reason = text_clean(
        reason,
        label="the reason",
        limit=REASON_MAX,
        empty="Say what is wrong with the card, so staff can settle it.",
        lines=True,
    )
    version.state = State.DISPUTED
    version.disputed_by = user
    version.disputed_at = timezone.now()
    version.dispute_reason = reason
    version.save(update_fields=["state", "disputed_by", "disputed_at", "dispute_reason"])
    card.status = Status.DISPUTED
    card.save(update_fields=["status", "updated_at"])
    card_logged(card, version, verb=Verb.CARD_DISPUTED, user=user, detail=reason)
    return version


@transaction.atomic
def scorecard_settle(
    *,
    scorecard: Scorecard,
    user: Any,
    reason: str,
    hands: Hands = None,
    final_scores: Scores = None,
    timed_out: bool = False,
) -> ScorecardVersion:
    """Staff decide an open card; without hands or scores, the current card stands."""
    if not permissions.can_settle_game(user, scorecard.game):
        raise PermissionDenied(
            "Only the staff of the league or tournament that owns this game can settle its card."
        )
    reason = _reason(reason, "settlement")
    card = _locked_scorecard(scorecard.game)
    if card.is_confirmed:
        raise ValidationError("This card is already confirmed: correct it instead.")
    _owner_allows(card.game, CardStep.DECIDE)
    if hands is None and final_scores is None:
        current = card.current_version
        if current is None:
            raise ValidationError("There is no card to settle yet: enter the hands or the score.")
        timed_out = current.timed_out
        if current.source == ScorecardVersion.Source.HANDS:
            hands = current.rows()
        else:
            final_scores = current.final_scores()
    rows, tally = _tally(card, hands, final_scores, timed_out)
    return _record_staff_decision(card, rows, tally, kind=Kind.SETTLEMENT, user=user, reason=reason)


@transaction.atomic
def scorecard_correct(
    *,
    scorecard: Scorecard,
    user: Any,
    reason: str,
    hands: Hands = None,
    final_scores: Scores = None,
    timed_out: bool = False,
) -> ScorecardVersion:
    """Staff change a confirmed card; the new version records who, when, why and what before."""
    if not permissions.can_settle_game(user, scorecard.game):
        raise PermissionDenied(
            "Only the staff of the league or tournament that owns this game can correct its card."
        )
    reason = _reason(reason, "correction")
    card = _locked_scorecard(scorecard.game)
    if not card.is_confirmed:
        raise ValidationError("Only a confirmed card can be corrected: settle this one instead.")
    _owner_allows(card.game, CardStep.DECIDE)
    rows, tally = _tally(card, hands, final_scores, timed_out)
    if _same_content(card.current_version, rows, tally):
        raise ValidationError("The correction is the same as the confirmed card: nothing changed.")
    return _record_staff_decision(card, rows, tally, kind=Kind.CORRECTION, user=user, reason=reason)


def _record_staff_decision(
    card: Scorecard, rows: Any, tally: Any, *, kind: str, user: Any, reason: str
) -> ScorecardVersion:
    """A settlement or correction: the new confirmed version, the card settled, the news sent."""
    before = card.current_version
    version = _write_version(
        card, rows=rows, tally=tally, kind=kind, state=State.CONFIRMED, user=user, reason=reason
    )
    card.status = Status.SETTLED
    card.save(update_fields=["status", "current_version", "updated_at"])
    ScorecardDraft.objects.filter(user=user, game_id=card.game_id).delete()
    verb = Verb.CARD_CORRECTED if kind == Kind.CORRECTION else Verb.CARD_SETTLED
    card_logged(card, version, verb=verb, user=user, detail=reason, before=before)
    _announce(card, version)
    return version
