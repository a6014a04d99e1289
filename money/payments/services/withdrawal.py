"""A registration that leaves: its open checkouts are closed, and a withdrawal before the
sign-up's refund deadline gives back what was paid by card, in full.

Runs inside the transaction that withdrew the registration (the signal's receiver): the
refunds are saved PENDING there and sent to the provider once it commits, so a rolled-back
withdrawal refunds nothing, and Stripe down leaves them PENDING for a retry. Money paid at
the door is handed back at the door: staff refund it from the registration's page.
"""

from typing import Any

from django.db import transaction
from django.utils import timezone

from money.models import Payment, Refund, Registration
from money.payments.selectors import refundable_cents
from money.payments.services.card import checkouts_close_for
from money.payments.services.refunds import refund_open, refund_send

WITHDRAWN = Registration.State.WITHDRAWN
SELF_REFUND_REASON = "Withdrawn before the refund deadline"


def refund_on_leaving(*, registration: Registration, reason: str, by: Any = None) -> list[Refund]:
    checkouts_close_for(registration=registration)
    sign_up = registration.sign_up
    if (
        reason != WITHDRAWN
        or sign_up.refund_until is None
        or timezone.now() >= sign_up.refund_until
    ):
        return []
    refunds = []
    card_payments = Payment.objects.filter(
        registration=registration, state=Payment.State.PAID, method=Payment.Method.CARD
    )
    for payment in card_payments:
        if refundable_cents(payment) <= 0:
            continue
        refund, created = refund_open(
            payment=payment, by=by, amount_cents=None, reason=SELF_REFUND_REASON
        )
        if created:
            refunds.append(refund)
            transaction.on_commit(lambda pk=refund.pk: refund_send(refund_id=pk), robust=True)
    return refunds
