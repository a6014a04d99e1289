"""Card payments through the provider's hosted checkout.

A tap on "Pay by card" makes (or finds) the registration's one PENDING payment — the
partial unique constraint `payment_one_pending_per_registration` is the guard against a
double tap — then asks the provider for a checkout with an idempotency key made from the
payment's id, so a retry after a timeout finds the same checkout. The webhook (or the
player coming back) settles the payment by its state: PAID is never undone.
"""

import contextlib
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from money.access import is_own_registration
from money.models import Payment, Registration, SignUp
from money.payments.providers import Checkout, ProviderRefused, ProviderUnavailable, card_provider
from money.payments.selectors import MAY_PAY, due_cents
from money.payments.services.recording import payment_paid_record

CARD_DOWN = (
    "Card payments are not answering just now; your registration is kept — "
    "try again in a few minutes."
)


class CardUnavailable(Exception):
    """The provider did not answer: nothing was charged, the registration is unchanged."""

    message = CARD_DOWN


@dataclass(frozen=True)
class CardStart:
    payment: Payment
    url: str = ""  # where to send the player; empty when there is nothing to pay
    message: str = ""


def _checkout_key(payment: Payment) -> str:
    return f"euchre-checkout-{payment.pk}"


def _description(registration: Registration) -> str:
    sign_up = registration.sign_up
    return f"{sign_up.season or sign_up.tournament}: {registration}"


def _pending_for(registration: Registration, user: Any) -> Payment:
    """The registration's PENDING card payment, made for what is due when there is none."""
    with transaction.atomic():
        locked = Registration.objects.select_for_update().get(pk=registration.pk)
        due = due_cents(locked)  # paid at the door meanwhile: no card checkout any more
        if due <= 0:
            raise ValidationError("Nothing is due on this registration.")
        existing = locked.payments.filter(state=Payment.State.PENDING).first()
        if existing is not None:
            return existing
        try:
            with transaction.atomic():
                return Payment.objects.create(
                    registration=locked,
                    amount_cents=due,
                    currency=locked.sign_up.currency,
                    method=Payment.Method.CARD,
                    state=Payment.State.PENDING,
                    recorded_by=user if user.is_authenticated else None,
                )
        except IntegrityError:  # a tap at the same moment made it first
            return Payment.objects.get(registration=locked, state=Payment.State.PENDING)


def payment_card_start(
    *, registration: Registration, user: Any, success_url: str, cancel_url: str
) -> CardStart:
    """Send the player to pay what is due by card (the provider's page, which comes back
    to `success_url` or `cancel_url`). CardUnavailable when the provider doesn't answer."""
    if not is_own_registration(user, registration):
        raise PermissionDenied("Only the person who registered pays here.")
    if registration.sign_up.payment != SignUp.Payment.CARD:
        raise ValidationError("This sign-up takes payment at the door.")
    if registration.state not in MAY_PAY:
        raise ValidationError("This registration has nothing to pay now.")
    for _attempt in range(2):  # an expired checkout is replaced once
        payment = _pending_for(registration, user)
        try:
            checkout = _checkout_for(payment, success_url, cancel_url)
        except ProviderUnavailable as exc:
            raise CardUnavailable() from exc
        except ProviderRefused as exc:
            raise ValidationError(f"The card provider refused: {exc}") from exc
        if checkout.status == "open" and checkout.url:
            return CardStart(payment=payment, url=checkout.url)
        settled = checkout_settle(payment_id=payment.pk, checkout=checkout)
        if settled.state == Payment.State.PAID:
            return CardStart(payment=settled, message="This payment is already made. Thank you.")
        if settled.state == Payment.State.PENDING:
            return CardStart(
                payment=settled, message="The card provider is still confirming this payment."
            )
    raise CardUnavailable()


def _checkout_for(payment: Payment, success_url: str, cancel_url: str) -> Checkout:
    """The payment's checkout at the provider: the one it has, or a new one."""
    provider = card_provider()
    if payment.provider_ref:
        return provider.checkout_get(payment.provider_ref)
    checkout = provider.checkout_start(
        key=_checkout_key(payment),
        amount_cents=payment.amount_cents,
        currency=payment.currency,
        description=_description(payment.registration),
        success_url=success_url,
        cancel_url=cancel_url,
        metadata={"payment_id": str(payment.pk), "registration_id": str(payment.registration_id)},
    )
    # Two taps sent with the same key get the same checkout: whoever saves first wins.
    Payment.objects.filter(pk=payment.pk, provider_ref="").update(
        provider_ref=checkout.ref, checkout_url=checkout.url
    )
    payment.refresh_from_db(fields=["provider_ref", "checkout_url"])
    return checkout


@transaction.atomic
def checkout_settle(*, payment_id: int, checkout: Checkout) -> Payment:
    """Bring a card payment in line with its checkout at the provider: paid, expired
    (FAILED), or still open (unchanged). PAID never goes back."""
    payment = Payment.objects.select_for_update().select_related("registration").get(pk=payment_id)
    if payment.state == Payment.State.PAID:
        return payment
    if checkout.status == "complete" and checkout.paid:
        mismatch = checkout_mismatch(payment, checkout)
        if mismatch:
            raise ValidationError(mismatch)
        return payment_paid_record(payment=payment, payment_ref=checkout.payment_ref)
    if checkout.status == "expired" and payment.state == Payment.State.PENDING:
        payment.state = Payment.State.FAILED
        payment.save(update_fields=["state"])
    return payment


def checkout_mismatch(payment: Payment, checkout: Checkout) -> str:
    """Why a paid checkout doesn't settle this payment ("" when it does)."""
    if payment.provider_ref and checkout.ref != payment.provider_ref:
        return "checkout is not this payment's"
    if checkout.amount_cents is not None and checkout.amount_cents != payment.amount_cents:
        return f"amount {checkout.amount_cents} is not {payment.amount_cents}"
    if checkout.currency and checkout.currency != payment.currency.upper():
        return f"currency {checkout.currency} is not {payment.currency}"
    return ""


def payment_card_cancel(*, payment: Payment, user: Any) -> Payment:
    """The player came back from the checkout without paying: it is closed at the provider
    and the payment FAILED; the registration waits. Provider down: left as it is (the next
    tap on "Pay by card" looks again)."""
    if not is_own_registration(user, payment.registration):
        raise PermissionDenied("Only the person who registered pays here.")
    payment = Payment.objects.get(pk=payment.pk)
    if payment.state != Payment.State.PENDING or payment.method != Payment.Method.CARD:
        return payment
    if not payment.provider_ref:
        return payment
    provider = card_provider()
    try:
        checkout = provider.checkout_get(payment.provider_ref)
        if checkout.status == "open":
            checkout = provider.checkout_expire(payment.provider_ref)
    except ProviderUnavailable as exc:
        raise CardUnavailable() from exc
    except ProviderRefused:
        return payment
    return checkout_settle(payment_id=payment.pk, checkout=checkout)


@transaction.atomic
def checkouts_close_for(*, registration: Registration) -> list[Payment]:
    """A registration that left: its open card payments FAILED (their checkouts are closed
    at the provider after the commit, when it answers)."""
    pending = list(
        Payment.objects.select_for_update().filter(
            registration=registration, state=Payment.State.PENDING
        )
    )
    for payment in pending:
        payment.state = Payment.State.FAILED
        payment.save(update_fields=["state"])
        if payment.provider_ref:
            transaction.on_commit(
                lambda ref=payment.provider_ref: _expire_quietly(ref), robust=True
            )
    return pending


def _expire_quietly(ref: str) -> None:
    # A checkout left open expires by itself at the provider within a day.
    with contextlib.suppress(ProviderUnavailable, ProviderRefused):
        card_provider().checkout_expire(ref)
