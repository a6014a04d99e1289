"""Refunds, full or partial, from one payment.

Under a lock on the payment the refunds (done or on their way) never add up to more than
it: "You can refund at most $X". The same refund sent twice within a minute (a double tap)
finds the first. Cash and other are handed back and recorded done at once; a card refund
is saved PENDING, then sent to the provider with an idempotency key from its id — after the
transaction commits — and is DONE when the provider says so (now, or by its webhook).
Provider down: it stays PENDING and `refund_send` is tried again (a staff button, the task
`money.payments.tasks.refunds_send_pending`); the key makes a retry safe.
"""

import datetime
import logging
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from money.access import ONLY_STAFF, can_manage_sign_up
from money.amounts import cents_text
from money.models import Payment, Refund
from money.models.payments import NOTE_MAX
from money.payments.providers import ProviderRefused, ProviderUnavailable, provider_for
from money.payments.selectors import refunded_cents
from money.payments.services.recording import refund_done_record

logger = logging.getLogger(__name__)

DOUBLE_TAP = datetime.timedelta(seconds=60)


@dataclass(frozen=True)
class RefundOutcome:
    refund: Refund
    created: bool
    message: str


def refund_key(refund: Refund) -> str:
    return f"euchre-refund-{refund.pk}"


@transaction.atomic
def refund_open(
    *, payment: Payment, by: Any, amount_cents: int | None, reason: str = ""
) -> tuple[Refund, bool]:
    """Save a refund of `amount_cents` (None: all that is left) under a lock on the payment;
    cash and other are DONE at once. No permission check: callers check."""
    reason = reason.strip()
    if len(reason) > NOTE_MAX:
        raise ValidationError({"reason": f"Keep the reason to {NOTE_MAX} characters."})
    locked = Payment.objects.select_for_update().select_related("registration").get(pk=payment.pk)
    if locked.state != Payment.State.PAID:
        raise ValidationError("Only a paid payment can be refunded.")
    left = locked.amount_cents - refunded_cents(locked)
    amount = left if amount_cents is None else amount_cents
    if amount <= 0:
        if left <= 0:
            raise ValidationError("This payment has been refunded in full already.")
        raise ValidationError({"amount": "The refund must be more than nothing."})
    if amount > left:
        raise ValidationError(
            {"amount": f"You can refund at most {cents_text(left, locked.currency)}."}
        )
    recent = locked.refunds.filter(
        amount_cents=amount,
        state__in=[Refund.State.DONE, Refund.State.PENDING],
        created_at__gte=timezone.now() - DOUBLE_TAP,
    ).first()
    if recent is not None:
        return recent, False
    refund = Refund.objects.create(
        payment=locked,
        amount_cents=amount,
        state=Refund.State.PENDING,
        reason=reason,
        by=by if getattr(by, "is_authenticated", False) else None,
    )
    if locked.method != Payment.Method.CARD:
        refund_done_record(refund=refund, by=by)
    return refund, True


def refund_create(
    *, payment: Payment, by: Any, amount_cents: int | None, reason: str = ""
) -> RefundOutcome:
    """Staff give money back from a payment; a card refund is sent to the provider now."""
    if not can_manage_sign_up(by, payment.registration.sign_up):
        raise PermissionDenied(ONLY_STAFF)
    refund, created = refund_open(payment=payment, by=by, amount_cents=amount_cents, reason=reason)
    amount = cents_text(refund.amount_cents, payment.currency)
    if not created:
        return RefundOutcome(refund, False, f"That refund of {amount} was just recorded.")
    if refund.state == Refund.State.PENDING:
        # Outside a transaction this runs now; inside one, once it commits.
        transaction.on_commit(lambda: refund_send(refund_id=refund.pk), robust=True)
        refund.refresh_from_db()
    return RefundOutcome(refund, True, _said(refund, amount))


def _said(refund: Refund, amount: str) -> str:
    if refund.state == Refund.State.DONE:
        return f"Refunded {amount}."
    if refund.state == Refund.State.FAILED:
        return f"The card provider refused the refund of {amount}; nothing was refunded."
    if refund.provider_ref:
        return f"Refund of {amount} accepted by the card provider; it will show here once done."
    return (
        f"Card payments are not answering just now; the refund of {amount} is saved and "
        "will be sent again."
    )


def refund_send(*, refund_id: int) -> Refund:
    """Send a PENDING card refund to the provider (again: the key makes it once) and record
    what it says. Safe to call any number of times; never inside a transaction that holds
    a lock the provider's webhook would wait for."""
    refund = Refund.objects.select_related("payment").get(pk=refund_id)
    payment = refund.payment
    if refund.state != Refund.State.PENDING or refund.provider_ref:
        return refund
    if payment.method != Payment.Method.CARD:  # money at the door is recorded, never sent
        return refund
    try:
        result = provider_for(payment.method).refund(
            key=refund_key(refund),
            payment_ref=payment.provider_payment_ref,
            amount_cents=refund.amount_cents,
            metadata={"refund_id": str(refund.pk), "payment_id": str(payment.pk)},
        )
    except ProviderUnavailable:
        logger.warning("Refund %s not sent: the card provider is not answering", refund.pk)
        return refund
    except ProviderRefused as exc:
        logger.warning("Refund %s refused by the card provider: %s", refund.pk, exc)
        return refund_failed(refund_id=refund.pk)
    if result.failed:
        return refund_failed(refund_id=refund.pk)
    return refund_accepted(refund_id=refund.pk, ref=result.ref, done=result.done)


@transaction.atomic
def refund_accepted(*, refund_id: int, ref: str, done: bool) -> Refund:
    """The provider took the refund (`done`: and made it)."""
    refund = (
        Refund.objects.select_for_update().select_related("payment__registration").get(pk=refund_id)
    )
    if ref and not refund.provider_ref:
        refund.provider_ref = ref
        refund.save(update_fields=["provider_ref"])
    if done and refund.state == Refund.State.PENDING:
        refund_done_record(refund=refund)
    return refund


@transaction.atomic
def refund_failed(*, refund_id: int) -> Refund:
    refund = Refund.objects.select_for_update().get(pk=refund_id)
    if refund.state == Refund.State.PENDING:
        refund.state = Refund.State.FAILED
        refund.save(update_fields=["state"])
    return refund


def refund_retry(*, refund: Refund, by: Any) -> RefundOutcome:
    """Staff send a saved card refund again."""
    if not can_manage_sign_up(by, refund.payment.registration.sign_up):
        raise PermissionDenied(ONLY_STAFF)
    refund = refund_send(refund_id=refund.pk)
    amount = cents_text(refund.amount_cents, refund.payment.currency)
    return RefundOutcome(refund, False, _said(refund, amount))
