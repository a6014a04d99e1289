"""What happens once when money comes in or goes back: the row's new state, the ledger's
entry, the player's email and the activity log, all in the caller's transaction."""

from typing import Any

from django.utils import timezone

from activity.models import Verb
from activity.services import activity_record
from money.amounts import cents_text
from money.ledger.posting import ledger_post_payment, ledger_post_refund
from money.models import Payment, Refund
from money.payments.services.receipts import receipt_send, refund_notice_send


def payment_paid_record(*, payment: Payment, by: Any = None, payment_ref: str = "") -> Payment:
    """Mark a locked payment paid (from pending or failed: the money really came in)."""
    payment.state = Payment.State.PAID
    payment.paid_at = payment.paid_at or timezone.now()
    fields = ["state", "paid_at"]
    if payment_ref:
        payment.provider_payment_ref = payment_ref
        fields.append("provider_payment_ref")
    payment.save(update_fields=fields)
    ledger_post_payment(payment=payment, by=by)
    receipt_send(payment=payment, by=by)
    kind, scope_id = payment.registration.sign_up.scope
    activity_record(
        actor=by,
        verb=Verb.PAYMENT_RECORDED,
        target=payment.registration,
        scope_kind=kind,
        scope_id=scope_id,
        detail=f"{cents_text(payment.amount_cents, payment.currency)} "
        f"{payment.get_method_display().lower()}, P{payment.pk}",
    )
    return payment


def refund_done_record(*, refund: Refund, by: Any = None) -> Refund:
    """Mark a locked refund done: posted to the ledger once, the player told."""
    refund.state = Refund.State.DONE
    refund.done_at = timezone.now()
    refund.save(update_fields=["state", "done_at"])
    ledger_post_refund(refund=refund, by=refund.by or by)
    refund_notice_send(refund=refund, by=refund.by or by)
    payment = refund.payment
    kind, scope_id = payment.registration.sign_up.scope
    activity_record(
        actor=refund.by or by,
        verb=Verb.REFUND_RECORDED,
        target=payment.registration,
        scope_kind=kind,
        scope_id=scope_id,
        detail=f"{cents_text(refund.amount_cents, payment.currency)} from P{payment.pk}"
        + (f": {refund.reason}" if refund.reason else ""),
    )
    return refund
