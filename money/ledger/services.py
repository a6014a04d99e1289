"""Writes to a season's or an event's ledger: the purse, money in and out by hand,
corrections, closing. Side pots and prizes are in `pot_services`.

Every write checks who asks (`can_manage_ledger`), locks the ledger row (so a line and the
closing can't cross), refuses anything but a correction once the ledger is closed, and
logs what it posted in the activity log. Entries are never changed: a mistake is corrected
by a new line pointing at it.
"""

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from activity.models import Verb
from activity.services import activity_record
from money.access import ONLY_STAFF, can_manage_ledger
from money.amounts import cents_text
from money.ledger import pots as split
from money.ledger.selectors import ledger_sign_up, ledger_summary
from money.models import Ledger, LedgerEntry
from money.models.ledger import NAME_MAX, NOTE_MAX
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.services.setup import tournament_update

AMOUNT_MAX = 10_000_000  # $100,000: anything above is a typo
CLOSED = "This ledger is closed: only corrections of its lines can be posted now."
BY_HAND = (
    LedgerEntry.Kind.INCOME,
    LedgerEntry.Kind.EXPENSE,
    LedgerEntry.Kind.PRIZE,
)


def _ledger(**where: Any) -> Ledger:
    sign_up = ledger_sign_up(Ledger(**where))
    currency = sign_up.currency if sign_up is not None else "USD"
    try:
        with transaction.atomic():
            ledger, _ = Ledger.objects.get_or_create(**where, defaults={"currency": currency})
    except IntegrityError:  # made at the same moment by another request
        ledger = Ledger.objects.get(**where)
    return ledger


def ledger_for_season(*, season: Any) -> Ledger:
    """The season's ledger, made on first use (in its sign-up's currency, else dollars)."""
    return _ledger(season_id=season.pk)


def ledger_for_event(*, tournament: Any) -> Ledger:
    return _ledger(tournament_id=tournament.pk)


def check_amount(cents: Any, what: str = "The amount") -> int:
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise ValidationError(f"{what} must be a whole number of cents.")
    if cents <= 0:
        raise ValidationError(f"{what} must be more than zero.")
    if cents > AMOUNT_MAX:
        raise ValidationError(f"{what} is more than {cents_text(AMOUNT_MAX)}: check it.")
    return cents


def check_text(text: str, what: str, limit: int, *, required: bool = False) -> str:
    text = (text or "").strip()
    if required and not text:
        raise ValidationError(f"Give {what}.")
    if len(text) > limit:
        raise ValidationError(f"{what[0].upper()}{what[1:]} is at most {limit} characters.")
    return text


def locked(ledger: Ledger, by: Any, *, correction: bool = False) -> Ledger:
    """The ledger row, locked for this transaction, once `by` may change it."""
    if not can_manage_ledger(by, ledger):
        raise PermissionDenied(ONLY_STAFF)
    fresh = (
        Ledger.objects.select_for_update(of=("self",)).select_related("season").get(pk=ledger.pk)
    )
    if fresh.closed_at is not None and not correction:
        raise ValidationError(CLOSED)
    return fresh


def log(ledger: Ledger, by: Any, target: Any, detail: str) -> None:
    """A change to the ledger that posts no line (the purse, a pot set up) in the log too."""
    scope_kind, scope_id = ledger.scope
    activity_record(
        actor=by,
        verb=Verb.LEDGER_POSTED,
        target=target,
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=detail,
    )


def post(ledger: Ledger, by: Any, **fields: Any) -> LedgerEntry:
    """Write one line (its own savepoint: a duplicate is the caller's IntegrityError)."""
    with transaction.atomic():
        entry = LedgerEntry.objects.create(
            ledger=ledger,
            by=by if getattr(by, "is_authenticated", False) else None,
            at=timezone.now(),
            **fields,
        )
    scope_kind, scope_id = ledger.scope
    activity_record(
        actor=by,
        verb=Verb.LEDGER_POSTED,
        target=entry,
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=f"{entry.get_kind_display()} {cents_text(entry.amount_cents, ledger.currency)}"
        + (f" ({entry.party})" if entry.party else ""),
    )
    return entry


@transaction.atomic
def ledger_purse_set(
    *,
    ledger: Ledger,
    by: Any,
    kind: str,
    fixed_cents: int = 0,
    share_percent: int = 0,
    split_percents: Sequence[int] = (),
) -> list[int] | None:
    """Set how the purse is made and split. An event without flights gets its prize list
    (Tournament.prizes) from the purse and the split, through the event's own update, so
    the prize split on its pages follows; returns the prizes set, or None when none was.
    Flights keep the prizes their director typed (the purse is shown beside them)."""
    ledger = locked(ledger, by)
    if kind not in Ledger.PurseKind.values:
        raise ValidationError("Choose no purse, a fixed sum or a share of the entry fees.")
    percents = list(split_percents)
    problems = split.purse_split_problems(percents)
    if problems:
        raise ValidationError(" ".join(problems))
    if kind == Ledger.PurseKind.FIXED:
        check_amount(fixed_cents, "The purse")
    elif kind == Ledger.PurseKind.SHARE and not (
        isinstance(share_percent, int) and 1 <= share_percent <= 100
    ):
        raise ValidationError("The purse's share of the entry fees is a percent from 1 to 100.")
    if percents and kind == Ledger.PurseKind.NONE:
        raise ValidationError("A split needs a purse: choose a fixed sum or a share of the fees.")
    tournament = ledger.tournament_id and Tournament.objects.get(pk=ledger.tournament_id)
    if percents and not tournament:
        raise ValidationError("A season's purse has no places to split over: pay prizes by hand.")
    if percents and tournament.has_flights:
        raise ValidationError(
            "This event has flights: each flight's prizes are set on the event's settings."
        )
    ledger.purse_kind = kind
    ledger.purse_fixed_cents = fixed_cents if kind == Ledger.PurseKind.FIXED else 0
    ledger.purse_share_percent = share_percent if kind == Ledger.PurseKind.SHARE else 0
    ledger.purse_split = percents
    ledger.save(
        update_fields=["purse_kind", "purse_fixed_cents", "purse_share_percent", "purse_split"]
    )
    log(
        ledger,
        by,
        ledger,
        f"Purse: {ledger.get_purse_kind_display()}"
        + (f", split {'/'.join(map(str, percents))}%" if percents else ""),
    )
    if not percents:
        return None
    prizes = split.purse_prizes(ledger_summary(ledger).purse, percents)
    if tournament.prizes != prizes:
        if tournament.status == Tournament.Status.FINISHED:
            raise ValidationError("The event is finished: its prize list stays as it was paid out.")
        tournament.prizes = prizes
        try:
            tournament_update(tournament=tournament)
        except TournamentError as exc:
            raise ValidationError(str(exc)) from None
    return prizes


@transaction.atomic
def ledger_line_add(
    *,
    ledger: Ledger,
    by: Any,
    kind: str,
    amount_cents: int,
    method: str = LedgerEntry.Method.CASH,
    party: str = "",
    note: str = "",
) -> LedgerEntry:
    """Other money in or out, or a prize paid by hand (a season's prizes, an event's extra
    prize): `amount_cents` is what changed hands, positive; the kind gives its sign."""
    ledger = locked(ledger, by)
    if kind not in BY_HAND:
        raise ValidationError("By hand: other money in, other money out, or a prize paid.")
    check_amount(amount_cents)
    if method not in (LedgerEntry.Method.CASH, LedgerEntry.Method.OTHER):
        raise ValidationError("Paid in cash or another way (a card payment posts itself).")
    party = check_text(party, "who paid or was paid", NAME_MAX, required=kind == "prize")
    note = check_text(note, "the note", NOTE_MAX)
    sign = 1 if kind == LedgerEntry.Kind.INCOME else -1
    return post(
        ledger,
        by,
        kind=kind,
        amount_cents=sign * amount_cents,
        method=method,
        party=party,
        note=note,
    )


@transaction.atomic
def ledger_correct(
    *, ledger: Ledger, by: Any, entry_id: int, amount_cents: int, reason: str
) -> LedgerEntry:
    """A correcting line (signed: −500 takes $5 off) pointing at the line it corrects, with
    a reason. Taken after closing too; a line of another ledger, or a correction, is refused
    (correct the original line again)."""
    ledger = locked(ledger, by, correction=True)
    target = LedgerEntry.objects.filter(pk=entry_id).first()
    if target is None or target.ledger_id != ledger.pk:
        raise ValidationError("That line is not in this ledger.")
    if target.kind == LedgerEntry.Kind.CORRECTION:
        raise ValidationError("Correct the original line, not a correction.")
    if not isinstance(amount_cents, int) or isinstance(amount_cents, bool) or not amount_cents:
        raise ValidationError("A correction changes the amount: give a non-zero amount.")
    if abs(amount_cents) > AMOUNT_MAX:
        raise ValidationError(f"A correction is at most {cents_text(AMOUNT_MAX)}: check it.")
    reason = check_text(reason, "the reason for the correction", NOTE_MAX, required=True)
    return post(
        ledger,
        by,
        kind=LedgerEntry.Kind.CORRECTION,
        amount_cents=amount_cents,
        method=target.method,
        corrects=target,
        pot_id=target.pot_id,
        player_id=target.player_id,
        party=target.party,
        note=reason,
    )


@transaction.atomic
def ledger_close(*, ledger: Ledger, by: Any) -> Ledger:
    """Close the ledger once the event is finished (a season's: when its manager says)."""
    ledger = locked(ledger, by)
    if ledger.tournament_id is not None:
        status = Tournament.objects.values_list("status", flat=True).get(pk=ledger.tournament_id)
        if status != Tournament.Status.FINISHED:
            raise ValidationError("Finish the event first: its ledger is closed after the night.")
    ledger.closed_at = timezone.now()
    ledger.closed_by = by
    ledger.save(update_fields=["closed_at", "closed_by"])
    scope_kind, scope_id = ledger.scope
    activity_record(
        actor=by,
        verb=Verb.LEDGER_CLOSED,
        target=ledger,
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=f"Balance {cents_text(ledger_summary(ledger).balance, ledger.currency)}",
    )
    return ledger
