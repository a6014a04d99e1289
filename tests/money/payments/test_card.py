"""Card payments: a tap makes one PENDING payment and sends the player to Stripe's page;
a second tap finds the first; an expired checkout is replaced; Stripe down keeps the
registration as it was and charges nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from money.models import LedgerEntry, Payment, Registration, SignUp
from money.payments.services.card import (
    CARD_DOWN,
    CardUnavailable,
    payment_card_cancel,
    payment_card_start,
)
from tests.factories import UserFactory
from tests.money.payments.conftest import FEE, make_registration

pytestmark = pytest.mark.django_db

URLS = {"success_url": "http://testserver/ok", "cancel_url": "http://testserver/cancel"}


def _start(registration, user=None):
    return payment_card_start(registration=registration, user=user or registration.user, **URLS)


def test_a_tap_makes_a_pending_payment_and_a_checkout_for_what_is_due(stand_in, card_registration):
    start = _start(card_registration)
    payment = start.payment
    assert payment.state == Payment.State.PENDING and payment.method == Payment.Method.CARD
    assert payment.amount_cents == FEE
    session = stand_in.sessions[Payment.objects.get(pk=payment.pk).provider_ref]
    assert start.url == session["url"]
    assert session["amount_total"] == FEE and session["currency"] == "usd"
    assert session["metadata"]["payment_id"] == str(payment.pk)
    assert session["success_url"] == URLS["success_url"]
    created = [c for c in stand_in.calls if c[1] == "/v1/checkout/sessions"]
    assert created[0][3]["idempotency-key"] == f"euchre-checkout-{payment.pk}"


def test_a_second_tap_finds_the_first_checkout(stand_in, card_registration):
    first, second = _start(card_registration), _start(card_registration)
    assert first.payment.pk == second.payment.pk and first.url == second.url
    assert len(stand_in.sessions) == 1
    assert Payment.objects.filter(registration=card_registration).count() == 1


def test_an_expired_checkout_is_failed_and_a_new_one_started(stand_in, card_registration):
    first = _start(card_registration)
    stand_in.sessions[Payment.objects.get(pk=first.payment.pk).provider_ref]["status"] = "expired"
    second = _start(card_registration)
    assert second.payment.pk != first.payment.pk
    assert Payment.objects.get(pk=first.payment.pk).state == Payment.State.FAILED
    assert second.url and len(stand_in.sessions) == 2


@pytest.mark.parametrize("fault", ["close", "500"])
def test_stripe_down_keeps_the_registration_and_charges_nothing(stand_in, card_registration, fault):
    stand_in.down = fault
    before = Registration.objects.filter(pk=card_registration.pk).values().get()
    with pytest.raises(CardUnavailable) as caught:
        _start(card_registration)
    assert caught.value.message == CARD_DOWN
    assert Registration.objects.filter(pk=card_registration.pk).values().get() == before
    assert not stand_in.sessions
    assert not LedgerEntry.objects.exists()
    # The saved payment has no checkout; the next tap, Stripe back, sends the same key.
    payment = Payment.objects.get(registration=card_registration)
    assert payment.state == Payment.State.PENDING and payment.provider_ref == ""
    stand_in.down = None
    again = _start(card_registration)
    assert again.payment.pk == payment.pk and again.url


def test_only_the_registered_player_pays(stand_in, card_registration):
    with pytest.raises(PermissionDenied):
        _start(card_registration, user=UserFactory())


def test_a_door_sign_up_takes_no_card(stand_in, db):
    registration = make_registration(SignUp.Payment.DOOR)
    with pytest.raises(ValidationError, match="at the door"):
        _start(registration)


def test_nothing_due_starts_nothing(stand_in, db):
    registration = make_registration(fee=500)
    registration.fee_due_cents = 0
    registration.save()
    with pytest.raises(ValidationError, match="Nothing is due"):
        _start(registration)
    assert not stand_in.sessions


def test_a_waitlisted_registration_pays_nothing_yet(stand_in, card_registration):
    Registration.objects.filter(pk=card_registration.pk).update(
        state=Registration.State.WAITLISTED, place=None, waitlist_position=1
    )
    card_registration.refresh_from_db()
    with pytest.raises(ValidationError):
        _start(card_registration)


def test_coming_back_from_the_checkout_unpaid_fails_the_payment(stand_in, card_registration):
    start = _start(card_registration)
    payment = payment_card_cancel(payment=start.payment, user=card_registration.user)
    assert payment.state == Payment.State.FAILED
    ref = Payment.objects.get(pk=payment.pk).provider_ref
    assert stand_in.sessions[ref]["status"] == "expired"
    card_registration.refresh_from_db()
    assert card_registration.state == Registration.State.HOLDING


def test_coming_back_after_paying_in_another_tab_keeps_it_paid(stand_in, card_registration):
    start = _start(card_registration)
    ref = Payment.objects.get(pk=start.payment.pk).provider_ref
    stand_in.deliver = lambda payload, headers: 200  # the webhook is late
    stand_in.pay(ref)
    payment = payment_card_cancel(payment=start.payment, user=card_registration.user)
    assert payment.state == Payment.State.PAID
    assert LedgerEntry.objects.filter(payment=payment).count() == 1


def test_a_cancel_while_stripe_is_down_leaves_the_payment_for_the_next_tap(
    stand_in, card_registration
):
    start = _start(card_registration)
    stand_in.down = "close"
    with pytest.raises(CardUnavailable):
        payment_card_cancel(payment=start.payment, user=card_registration.user)
    assert Payment.objects.get(pk=start.payment.pk).state == Payment.State.PENDING


def test_paid_at_the_door_meanwhile_no_card_checkout_is_offered(
    stand_in, card_registration, director
):
    from money.payments.services.door import payment_mark_paid

    _start(card_registration)
    payment_mark_paid(
        registration=card_registration, by=director, method="cash", amount_cents=FEE, token="t"
    )
    with pytest.raises(ValidationError, match="Nothing is due"):
        _start(card_registration)
