"""Posting payments and refunds to their season's or event's ledger, once each.

Called by the payments part inside the transaction that marks a payment paid or a refund
done; a second call for the same payment or refund finds its entry (the one-to-one is the
guard) and posts nothing. A closed ledger still takes them: the money really moved (a card
refund confirmed the morning after), so the line is posted and the ledger's page marks it
"after closing" (`selectors.ledger_lines`).
"""

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from money.models import Ledger, LedgerEntry, Payment, Refund, SignUp


def ledger_for_sign_up(sign_up: SignUp) -> Ledger:
    """The sign-up's season's or event's ledger, made on first use in the sign-up's currency
    (two first payments at once make one: the one-to-one decides, the other reads it)."""
    where = (
        {"season_id": sign_up.season_id}
        if sign_up.season_id is not None
        else {"tournament_id": sign_up.tournament_id}
    )
    try:
        with transaction.atomic():
            ledger, _ = Ledger.objects.get_or_create(
                **where, defaults={"currency": sign_up.currency}
            )
    except IntegrityError:
        ledger = Ledger.objects.get(**where)
    return ledger


def _post(**fields: Any) -> LedgerEntry:
    try:
        with transaction.atomic():
            return LedgerEntry.objects.create(at=timezone.now(), **fields)
    except IntegrityError:
        key = {k: fields[k] for k in ("payment", "refund") if fields.get(k) is not None}
        return LedgerEntry.objects.get(**key)


def _method(payment: Payment) -> str:
    return {"card": "card", "cash": "cash"}.get(payment.method, "other")


@transaction.atomic
def ledger_post_payment(*, payment: Payment, by: Any = None) -> LedgerEntry:
    """The paid entry fee, money in."""
    existing = LedgerEntry.objects.filter(payment=payment).first()
    if existing is not None:
        return existing
    registration = payment.registration
    return _post(
        ledger=ledger_for_sign_up(registration.sign_up),
        kind=LedgerEntry.Kind.FEE,
        amount_cents=payment.amount_cents,
        method=_method(payment),
        payment=payment,
        player_id=registration.player_id,
        party=str(registration)[:80],
        by=by if getattr(by, "is_authenticated", False) else None,
    )


@transaction.atomic
def ledger_post_refund(*, refund: Refund, by: Any = None) -> LedgerEntry:
    """The refunded part of an entry fee, money out."""
    existing = LedgerEntry.objects.filter(refund=refund).first()
    if existing is not None:
        return existing
    registration = refund.payment.registration
    return _post(
        ledger=ledger_for_sign_up(registration.sign_up),
        kind=LedgerEntry.Kind.REFUND,
        amount_cents=-refund.amount_cents,
        method=_method(refund.payment),
        refund=refund,
        player_id=registration.player_id,
        party=str(registration)[:80],
        note=refund.reason[:200],
        by=by if getattr(by, "is_authenticated", False) else None,
    )
