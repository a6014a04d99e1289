"""Staff type a game's paper card and it stands at once: nobody waits to confirm it.

For a room whose players have no accounts (a tournament's scorekeeper at the desk), so the
card a table hands in is entered and confirmed in one step, attributed to who typed it.
The same locks, owner gate and versions as every other card action (`scoring.services.cards`).
"""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from scoring.handrows import FINAL, CardTally
from scoring.models import Game, ScorecardDraft, ScorecardVersion
from scoring.owners import CardStep
from scoring.services.card_log import card_logged
from scoring.services.cards import (
    Hands,
    Scores,
    _announce,
    _locked_scorecard,
    _owner_allows,
    _reason,
    _record_staff_decision,
    _same_content,
    _tally,
    _write_version,
)

State = ScorecardVersion.State
Kind = ScorecardVersion.Kind

ENTERED = "entered"  # a new confirmed version typed by staff
CONFIRMED = "confirmed"  # the same as the card awaiting confirmation: that card stands
SETTLED = "settled"  # a disputed card decided, with a reason
CORRECTED = "corrected"  # a confirmed card changed, with a reason
UNCHANGED = "unchanged"  # the same as the confirmed card (a second submit): nothing written


@dataclass(frozen=True)
class StaffEntry:
    version: ScorecardVersion
    outcome: str  # one of the constants above


def _same_result(version: ScorecardVersion, rows: list, tally: CardTally) -> bool:
    """Final scores typed from a card match the version's totals, however it was entered
    (a card entered hand by hand keeps its hands when its totals are typed again)."""
    if tally.source != FINAL:
        return _same_content(version, rows, tally)
    if version.timed_out != tally.timed_out:
        return False
    if tally.seat_totals:
        return version.seat_totals == tally.seat_totals
    return (version.ns_total, version.ew_total) == (tally.ns_total, tally.ew_total)


def _confirm_pending(card: Any, version: ScorecardVersion, user: Any) -> ScorecardVersion:
    version.state = State.CONFIRMED
    version.confirmed_by = user
    version.confirmed_at = timezone.now()
    version.save(update_fields=["state", "confirmed_by", "confirmed_at"])
    card.status = card.Status.CONFIRMED
    card.save(update_fields=["status", "updated_at"])
    card_logged(card, version, verb=Verb.CARD_CONFIRMED, user=user, detail="by the staff")
    _announce(card, version)
    return version


@transaction.atomic
def scorecard_staff_enter(
    *,
    game: Game,
    user: Any,
    final_scores: Scores = None,
    hands: Hands = None,
    timed_out: bool = False,
    reason: str = "",
) -> StaffEntry:
    """The game's staff enter its card, confirmed at once.

    No card yet, or one awaiting the other side: a new confirmed version, no reason needed
    (the same scores as the card awaiting confirmation confirm that card instead). A disputed
    card is settled, a confirmed one corrected, each only with a `reason`; the same scores as
    the confirmed card write nothing, so a double submit leaves one version.
    """
    if not permissions.can_settle_game(user, game):
        raise PermissionDenied(
            "Only the staff of the league or tournament that owns this game can enter its card."
        )
    card = _locked_scorecard(game)
    rows, tally = _tally(card, hands, final_scores, timed_out)
    current = card.current_version
    if card.is_confirmed and _same_result(current, rows, tally):
        return StaffEntry(current, UNCHANGED)
    _owner_allows(card.game, CardStep.DECIDE)
    if card.is_confirmed:
        reason = _reason(reason, "correction")
        version = _record_staff_decision(
            card, rows, tally, kind=Kind.CORRECTION, user=user, reason=reason
        )
        return StaffEntry(version, CORRECTED)
    if current is not None and current.state == State.DISPUTED:
        reason = _reason(reason, "settlement of the disputed card")
        version = _record_staff_decision(
            card, rows, tally, kind=Kind.SETTLEMENT, user=user, reason=reason
        )
        return StaffEntry(version, SETTLED)
    if (
        current is not None
        and current.state == State.PENDING
        and _same_result(current, rows, tally)
    ):
        current.scorecard = card
        return StaffEntry(_confirm_pending(card, current, user), CONFIRMED)
    version = _write_version(
        card, rows=rows, tally=tally, kind=Kind.ENTRY, state=State.CONFIRMED, user=user
    )
    card.status = card.Status.CONFIRMED
    card.save(update_fields=["status", "current_version", "updated_at"])
    ScorecardDraft.objects.filter(user=user, game_id=card.game_id).delete()
    card_logged(card, version, verb=Verb.CARD_CONFIRMED, user=user, detail="entered by the staff")
    _announce(card, version)
    return StaffEntry(version, ENTERED)
