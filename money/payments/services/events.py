"""The provider's webhook events, once verified: recorded once by event id, then handled
by the state of the payment or refund they name, so a delivery again, or events out of
order, change nothing more (PAID and DONE never go back). An event naming no payment or
refund of ours is recorded "unknown" and changes nothing."""

import logging
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from inputs.bounds import typed_number
from money.models import Payment, ProviderEvent, Refund
from money.payments.providers import Checkout
from money.payments.services.card import checkout_mismatch, checkout_settle
from money.payments.services.refunds import refund_accepted, refund_failed

logger = logging.getLogger(__name__)

PAID_KINDS = {"checkout.session.completed", "checkout.session.async_payment_succeeded"}
CLOSED_KINDS = {"checkout.session.expired", "checkout.session.async_payment_failed"}
REFUND_KINDS = {"refund.created", "refund.updated", "refund.failed", "charge.refund.updated"}


@transaction.atomic
def event_receive(*, event: dict[str, Any], provider: str = "stripe") -> str:
    """Record and handle one event; its outcome (also stored on the ProviderEvent)."""
    event_id = str(event.get("id") or "")[:255]
    kind = str(event.get("type") or "")[:80]
    if not event_id:
        return "no event id"
    try:
        with transaction.atomic():
            record = ProviderEvent.objects.create(provider=provider, event_id=event_id, kind=kind)
    except IntegrityError:
        return "already received"
    obj = (event.get("data") or {}).get("object") or {}
    outcome = _handle(kind, obj)
    record.outcome = outcome[:200]
    record.save(update_fields=["outcome"])
    return outcome


def _handle(kind: str, obj: dict[str, Any]) -> str:
    if kind in PAID_KINDS or kind in CLOSED_KINDS:
        payment = _payment_for_session(obj)
        if payment is None:
            return "unknown payment"
        return _settle(kind, payment, obj)
    if kind in REFUND_KINDS:
        return _refund_update(obj)
    if kind == "charge.refunded":
        listed = ((obj.get("refunds") or {}).get("data")) or []
        outcomes = [_refund_update(r) for r in listed]
        return ", ".join(outcomes) or "no refund listed"
    return "ignored"


def _payment_for_session(obj: dict[str, Any]) -> Payment | None:
    """Ours only when the session's metadata names a card payment whose checkout it is."""
    session_id = str(obj.get("id") or "")
    raw = (obj.get("metadata") or {}).get("payment_id") or obj.get("client_reference_id") or ""
    payment_id = typed_number(str(raw))
    if payment_id is None or not session_id:
        return None
    payment = Payment.objects.filter(pk=payment_id, method=Payment.Method.CARD).first()
    if payment is None or (payment.provider_ref and payment.provider_ref != session_id):
        return None
    return payment


def _settle(kind: str, payment: Payment, obj: dict[str, Any]) -> str:
    intent = obj.get("payment_intent")
    checkout = Checkout(
        ref=str(obj.get("id")),
        url="",
        status="complete" if kind in PAID_KINDS else "expired",
        paid=kind in PAID_KINDS and obj.get("payment_status") == "paid",
        payment_ref=intent if isinstance(intent, str) else str((intent or {}).get("id") or ""),
        amount_cents=obj.get("amount_total"),
        currency=str(obj.get("currency") or "").upper(),
    )
    if kind in PAID_KINDS and not checkout.paid:
        return "not paid yet"
    before = payment.state
    if checkout.paid:
        mismatch = checkout_mismatch(payment, checkout)
        if mismatch:
            logger.error("Card payment %s not settled: %s", payment.pk, mismatch)
            return f"mismatch: {mismatch}"
        if not payment.provider_ref:  # saved before the checkout's id reached us
            Payment.objects.filter(pk=payment.pk, provider_ref="").update(provider_ref=checkout.ref)
    try:
        after = checkout_settle(payment_id=payment.pk, checkout=checkout).state
    except ValidationError as exc:
        return f"mismatch: {' '.join(exc.messages)}"
    return f"{before} -> {after}" if before != after else f"kept {after}"


def _refund_update(obj: dict[str, Any]) -> str:
    refund = _refund_for(obj)
    if refund is None:
        return "unknown refund"
    status = obj.get("status")
    if status == "succeeded":
        after = refund_accepted(refund_id=refund.pk, ref=str(obj.get("id") or ""), done=True)
    elif status in ("failed", "canceled"):
        after = refund_failed(refund_id=refund.pk)
    else:
        return f"refund {status or 'unchanged'}"
    return f"refund {after.state}"


def _refund_for(obj: dict[str, Any]) -> Refund | None:
    ref = str(obj.get("id") or "")
    refund = Refund.objects.filter(provider_ref=ref).first() if ref else None
    if refund is None:
        refund_id = typed_number(str((obj.get("metadata") or {}).get("refund_id") or ""))
        if refund_id is not None:
            refund = Refund.objects.filter(pk=refund_id, provider_ref__in=["", ref]).first()
    if refund is None:
        return None
    intent = obj.get("payment_intent")
    if isinstance(intent, str) and intent and refund.payment.provider_payment_ref != intent:
        return None
    return refund
