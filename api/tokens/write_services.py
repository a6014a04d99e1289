"""The API's writes: a fixture's card submitted and confirmed, a round table's scores, each
through the service the page uses, under the request's `Idempotency-Key`.

A key is claimed as an entry receipt (`scoring.services.receipts`, the phone's keys), one
per game the request touches, before anything else is written and in the same
transaction: a refusal takes the claims back with it, and the same key sent again (even
at the same moment) finds them and answers with what the first request wrote, writing
nothing. A confirmation's receipts are kept under "confirm-<key>", so one key sent for a
card and for its confirmation can't be taken for the other.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from accounts import permissions
from league.nights.services.results import (
    GameScore,
    fixture_confirm_cards,
    fixture_games_ensure,
    fixture_submit_scores,
)
from league.seasons.models import Fixture
from scoring.models import EntryReceipt, Game, Scorecard, ScorecardVersion
from scoring.models.receipts import KEY_MAX
from scoring.services.receipts import KEY_PATTERN, receipt_claim
from scoring.services.staff_entry import UNCHANGED
from tournaments.models import Table, Tournament
from tournaments.services import round_enter_scores
from tournaments.services.scores import NOT_STAFF, TableResult

CONFIRM = "confirm-"
KEY_LENGTH = KEY_MAX - len(CONFIRM)  # a key fits under either name
KEY_RULE = f"Send an Idempotency-Key of 8 to {KEY_LENGTH} letters, digits, '-' or '_'."
REUSED = "This Idempotency-Key was already used for another request: send a new key."
REMOVED = "That request was already made, and its card has since been removed."


def idempotency_key_clean(key: str | None) -> str:
    """The header's key ("" when none was sent); a malformed one is refused."""
    key = (key or "").strip()
    if key and (len(key) > KEY_LENGTH or not KEY_PATTERN.fullmatch(key)):
        raise ValidationError(KEY_RULE)
    return key


class _Replay(Exception):
    def __init__(self, receipts: list[EntryReceipt]) -> None:
        self.receipts = receipts


def _claim(
    games: Sequence[Game], *, user: Any, key: str, kind: str = EntryReceipt.Kind.CARD
) -> tuple[list[EntryReceipt], bool]:
    """(the new receipts, False), or on a replay (the earlier receipts, True) with the new
    claims taken back."""
    try:
        with transaction.atomic():
            claims = [receipt_claim(game=game, user=user, key=key, kind=kind) for game in games]
            earlier = [receipt for receipt, first in claims if not first]
            if earlier:
                raise _Replay(earlier)
            return [receipt for receipt, _ in claims], False
    except _Replay as replay:
        return replay.receipts, True


def _record(receipts: Sequence[EntryReceipt], versions: Sequence[ScorecardVersion]) -> None:
    by_game = {version.scorecard.game_id: version for version in versions}
    for receipt in receipts:
        receipt.version = by_game.get(receipt.game_id)
        if receipt.version is not None:
            receipt.save(update_fields=["version"])


def _earlier_versions(receipts: Sequence[EntryReceipt]) -> list[ScorecardVersion]:
    versions = [r.version for r in receipts if r.version is not None]
    if not versions:
        raise ValidationError(REMOVED)
    return sorted(versions, key=lambda v: v.pk)


def _fixture_games(fixture: Fixture, user: Any, refusal: str) -> dict[int, Game]:
    if not user.is_authenticated or not permissions.can_act_for_fixture(user, fixture):
        raise PermissionDenied(refusal)
    return {fg.number: fg.game for fg in fixture_games_ensure(fixture=fixture)}


@transaction.atomic
def fixture_card_submit(
    *, fixture: Fixture, user: Any, scores: Sequence[GameScore], key: str = ""
) -> tuple[list[ScorecardVersion], bool]:
    """`fixture_submit_scores` under a key: (the versions, whether this was a replay)."""
    key = idempotency_key_clean(key)
    if not key:
        return fixture_submit_scores(fixture=fixture, user=user, scores=scores), False
    games = _fixture_games(
        fixture, user, "Only the two teams' captains or a league manager enter this card."
    )
    touched = [games[s.number] for s in scores if s.number in games]  # the submit names the rest
    receipts, replayed = _claim(touched, user=user, key=key)
    if replayed:
        if len(receipts) != len(touched):
            raise ValidationError(REUSED)
        return _earlier_versions(receipts), True
    versions = fixture_submit_scores(fixture=fixture, user=user, scores=scores)
    _record(receipts, versions)
    return versions, False


@transaction.atomic
def fixture_card_confirm(
    *, fixture: Fixture, user: Any, key: str = ""
) -> tuple[list[ScorecardVersion], bool]:
    """`fixture_confirm_cards` under a key: (the versions confirmed, whether a replay)."""
    key = idempotency_key_clean(key)
    if not key:
        return fixture_confirm_cards(fixture=fixture, user=user), False
    games = _fixture_games(fixture, user, "Only the other team's captain confirms these cards.")
    receipts, replayed = _claim(
        list(games.values()), user=user, key=CONFIRM + key, kind=EntryReceipt.Kind.CONFIRM
    )
    if replayed:
        return _earlier_versions(receipts), True
    versions = fixture_confirm_cards(fixture=fixture, user=user)
    _record(receipts, versions)
    return versions, False


@dataclass(frozen=True)
class TableEntry:
    table: Table
    version: ScorecardVersion
    outcome: str  # scoring.services.staff_entry's outcomes; "replayed" for a replay


@transaction.atomic
def table_scores_enter(
    *,
    tournament: Tournament,
    table: Table,
    user: Any,
    result: TableResult,
    reason: str = "",
    key: str = "",
) -> TableEntry:
    """One table's card through the scorekeeper's round entry (`round_enter_scores`)."""
    key = idempotency_key_clean(key)
    if not permissions.can_keep_score(user, tournament):
        raise PermissionDenied(NOT_STAFF)
    if table.round.tournament_id != tournament.pk:
        raise ValidationError("That table is not one of this tournament's.")
    if result.blank:
        raise ValidationError("Enter the table's scores.")
    if table.game_id is None:
        raise ValidationError(f"Table {table.number} has no game yet: its round hasn't started.")
    receipts: list[EntryReceipt] = []
    if key:
        receipts, replayed = _claim([table.game], user=user, key=key)
        if replayed:
            return TableEntry(table, _earlier_versions(receipts)[0], "replayed")
    summary = round_enter_scores(
        tournament=tournament,
        number=table.round.number,
        user=user,
        results={table.number: result},
        reason=reason,
    )
    outcome = next(
        (name for name, numbers in summary.outcomes.items() if table.number in numbers), UNCHANGED
    )
    card = Scorecard.objects.select_related("current_version").get(game_id=table.game_id)
    version = card.current_version
    assert version is not None
    version.scorecard = card
    _record(receipts, [version])
    return TableEntry(table, version, outcome)
