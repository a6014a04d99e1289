"""The player's receipt for a payment and notice of a refund, by email through the outbox
(written in the transaction that records the money, keyed so it is written once)."""

import logging

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse

from money.amounts import cents_text
from money.models import Payment, Refund, Registration
from notices.models import Notice
from notices.services import Recipient, notice_send
from wording.when import when

logger = logging.getLogger(__name__)


def _send(
    registration: Registration,
    *,
    subject: str,
    lines: list[str],
    by: object,
    source: dict,
    key: str,
) -> Notice | None:
    """Email the person who registered. A receipt that can't be written (a name the outbox
    refuses) is logged, never a reason to lose the payment or refund it tells of."""
    recipients = _recipients(registration)
    if not recipients:
        return None
    try:
        with transaction.atomic():
            return notice_send(
                kind=Notice.Kind.GENERAL,
                subject=subject[:200],
                body="\n\n".join(lines),
                recipients=recipients,
                created_by=by,  # notice_send keeps only a signed-in user
                link=reverse("money:registration_detail", kwargs={"pk": registration.pk}),
                source=source,
                key=key,
            )
    except ValidationError:
        logger.exception("Receipt not written: %s", key)
        return None


def _event_name(registration: Registration) -> str:
    sign_up = registration.sign_up
    return str(sign_up.season or sign_up.tournament)


def _recipients(registration: Registration) -> list[Recipient]:
    """The person who registered, by email (a receipt is kept; a text is not)."""
    player = registration.player
    email = player.email or (registration.user.email if registration.user_id else "")
    if not email:
        return []
    return [Recipient(name=player.name, email=email, player_id=player.pk)]


def receipt_send(*, payment: Payment, by: object = None) -> Notice | None:
    registration = payment.registration
    amount = cents_text(payment.amount_cents, payment.currency)
    name = _event_name(registration)
    how = (
        "by card" if payment.method == Payment.Method.CARD else f"({payment.get_method_display()})"
    )
    paid = when(payment.paid_at)
    lines = [
        f"Thank you: we received {amount} {how} for {registration} in {name}.",
        f"Receipt number: P{payment.pk}. Paid: {paid}.",
    ]
    if payment.note:
        lines.append(f"Note: {payment.note}")
    return _send(
        registration,
        subject=f"Receipt: {amount} for {name}",
        lines=lines,
        by=by,
        source={"payment": payment.pk},
        key=f"money-payment-receipt-{payment.pk}",
    )


def refund_notice_send(*, refund: Refund, by: object = None) -> Notice | None:
    payment = refund.payment
    registration = payment.registration
    amount = cents_text(refund.amount_cents, payment.currency)
    name = _event_name(registration)
    back = "to your card" if payment.method == Payment.Method.CARD else "in person"
    lines = [f"We refunded {amount} {back} for {registration} in {name} (refund R{refund.pk})."]
    if payment.method == Payment.Method.CARD:
        lines.append("Your bank may take a few days to show it.")
    if refund.reason:
        lines.append(f"Reason: {refund.reason}")
    return _send(
        registration,
        subject=f"Refund: {amount} for {name}",
        lines=lines,
        by=by,
        source={"refund": refund.pk},
        key=f"money-refund-notice-{refund.pk}",
    )
