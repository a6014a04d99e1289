"""Reads on payments: what a registration has paid, what it still owes, what a payment can
still give back. Money kept is what was paid less what was (or is being) refunded."""

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, Sum

from money.models import Payment, Refund, Registration, SignUp

# Registrations that may pay: every live one but the waitlist (it holds no place yet).
MAY_PAY = [s for s in Registration.LIVE if s != Registration.State.WAITLISTED]
# Refunds that count against a payment: given back, or on their way.
COUNTED_REFUNDS = [Refund.State.DONE, Refund.State.PENDING]


def refunded_cents(payment: Payment) -> int:
    total = payment.refunds.filter(state__in=COUNTED_REFUNDS).aggregate(s=Sum("amount_cents"))
    return total["s"] or 0


def refundable_cents(payment: Payment) -> int:
    """What may still be refunded from `payment` (nothing unless it was paid)."""
    if payment.state != Payment.State.PAID:
        return 0
    return max(0, payment.amount_cents - refunded_cents(payment))


def kept_cents(registration: Registration) -> int:
    """Paid, less refunded: the money the registration has with the league or event."""
    paid = registration.payments.filter(state=Payment.State.PAID).aggregate(s=Sum("amount_cents"))[
        "s"
    ]
    back = Refund.objects.filter(
        payment__registration=registration,
        payment__state=Payment.State.PAID,
        state__in=COUNTED_REFUNDS,
    ).aggregate(s=Sum("amount_cents"))["s"]
    return (paid or 0) - (back or 0)


def due_cents(registration: Registration) -> int:
    """What the registration still owes (never below nothing)."""
    return max(0, registration.fee_due_cents - kept_cents(registration))


def is_paid_in_full(registration: Registration) -> bool:
    return registration.fee_due_cents > 0 and due_cents(registration) == 0


def pending_card_payment(registration: Registration) -> Payment | None:
    return registration.payments.filter(state=Payment.State.PENDING).first()


@dataclass
class PaymentLine:
    payment: Payment
    refunds: list[Refund]
    refundable_cents: int


@dataclass
class RegistrationPayments:
    """What the registration's payments block shows."""

    registration: Registration
    currency: str
    lines: list[PaymentLine] = field(default_factory=list)
    kept_cents: int = 0
    due_cents: int = 0
    pending: Payment | None = None
    card: bool = False  # the sign-up takes card payments
    may_pay: bool = False  # something is due and the registration may pay it now
    token: str = ""  # the "Mark paid" form's one-time token


def registration_payments(registration: Registration) -> RegistrationPayments:
    """Every payment of the registration with its refunds (two queries), and the sums."""
    payments = list(
        registration.payments.select_related("recorded_by").prefetch_related(
            Prefetch("refunds", queryset=Refund.objects.select_related("by"))
        )
    )
    lines, kept = [], 0
    pending = None
    for payment in payments:
        refunds = list(payment.refunds.all())
        back = sum(r.amount_cents for r in refunds if r.state in COUNTED_REFUNDS)
        if payment.state == Payment.State.PAID:
            kept += payment.amount_cents - sum(
                r.amount_cents for r in refunds if r.state == Refund.State.DONE
            )
        if payment.state == Payment.State.PENDING:
            pending = payment
        refundable = payment.amount_cents - back if payment.state == Payment.State.PAID else 0
        lines.append(PaymentLine(payment, refunds, max(0, refundable)))
    return RegistrationPayments(
        registration=registration,
        currency=registration.sign_up.currency,
        lines=lines,
        kept_cents=kept,
        due_cents=max(0, registration.fee_due_cents - kept),
        pending=pending,
        card=registration.sign_up.payment == SignUp.Payment.CARD,
        may_pay=registration.state in MAY_PAY and registration.fee_due_cents > kept,
    )


def refunds_to_send() -> list[Refund]:
    """Card refunds saved but not yet accepted by the provider (it was down)."""
    return list(
        Refund.objects.filter(
            Q(provider_ref=""), state=Refund.State.PENDING, payment__method=Payment.Method.CARD
        ).select_related("payment")
    )


MY_PAYMENTS_MAX = 50


def payments_of_player(player_id: int | None) -> list[Payment]:
    """The person's own payments (as the one who registered, or the partner who accepted),
    newest first, with their refunds and what they were for: three queries."""
    if player_id is None:
        return []
    own = Q(registration__player_id=player_id) | Q(
        registration__partner_id=player_id, registration__partner_accepted_at__isnull=False
    )
    return list(
        Payment.objects.filter(own)
        .exclude(state=Payment.State.FAILED)
        .select_related(
            "registration__sign_up__season__league", "registration__sign_up__tournament"
        )
        .prefetch_related("refunds")
        .order_by("-created_at", "-pk")[:MY_PAYMENTS_MAX]
    )
