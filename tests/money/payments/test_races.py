"""Double taps and deliveries at the same moment, as real concurrent calls on PostgreSQL:
the database constraints and row locks decide, and the loser gets the existing row or a
message, never a second charge, payment, refund or ledger entry."""

import pytest
from django.core.exceptions import ValidationError

from money.models import LedgerEntry, Payment, ProviderEvent, Refund
from money.payments.services.card import payment_card_start
from money.payments.services.door import payment_mark_paid
from money.payments.services.refunds import refund_create
from tests.concurrency import at_once
from tests.money.payments.conftest import FEE

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _start(registration):
    return lambda: payment_card_start(
        registration=registration,
        user=registration.user,
        success_url="http://testserver/ok",
        cancel_url="http://testserver/no",
    )


def test_two_taps_on_pay_by_card_at_once_make_one_payment_and_one_checkout(
    stand_in, card_registration
):
    first, second = at_once(_start(card_registration), _start(card_registration))
    assert not isinstance(first, Exception) and not isinstance(second, Exception)
    assert first.payment.pk == second.payment.pk and first.url == second.url
    assert Payment.objects.filter(registration=card_registration).count() == 1
    assert len(stand_in.sessions) == 1


def _mark(registration, by, token):
    return lambda: payment_mark_paid(
        registration=registration, by=by, method="cash", amount_cents=FEE, token=token
    )


def test_the_same_mark_paid_form_sent_twice_at_once_is_one_payment(
    door_registration, door_director
):
    outcomes = at_once(*[_mark(door_registration, door_director, "same") for _ in range(3)])
    assert sorted(o.created for o in outcomes) == [False, False, True]
    assert Payment.objects.count() == 1 and LedgerEntry.objects.count() == 1


def test_two_forms_paying_the_whole_fee_at_once_record_one_and_ask_about_the_other(
    door_registration, door_director
):
    outcomes = at_once(
        _mark(door_registration, door_director, "one"),
        _mark(door_registration, door_director, "two"),
    )
    assert sum(isinstance(o, ValidationError) for o in outcomes) == 1
    assert Payment.objects.count() == 1


def test_two_refunds_at_once_never_give_back_more_than_was_paid(door_registration, door_director):
    _mark(door_registration, door_director, "t")()
    payment = Payment.objects.get()
    refunds = at_once(
        lambda: refund_create(payment=payment, by=door_director, amount_cents=1500),
        lambda: refund_create(payment=payment, by=door_director, amount_cents=1400),
    )
    refused = [o for o in refunds if isinstance(o, ValidationError)]
    assert len(refused) == 1 and "You can refund at most" in refused[0].messages[0]
    assert Refund.objects.count() == 1


def test_one_event_delivered_twice_at_once_is_recorded_and_posted_once(stand_in, card_registration):
    start = _start(card_registration)()
    ref = Payment.objects.get(pk=start.payment.pk).provider_ref
    held = []
    stand_in.deliver = lambda payload, headers: held.append((payload, headers)) or 200
    event = stand_in.pay(ref)
    payload, headers = held[0]
    from django.test import Client

    def deliver():
        return (
            Client()
            .post(
                "/money/payments/stripe/webhook/",
                payload,
                content_type="application/json",
                headers={"Stripe-Signature": headers["Stripe-Signature"]},
            )
            .status_code
        )

    assert at_once(deliver, deliver) == [200, 200]
    assert ProviderEvent.objects.filter(event_id=event["id"]).count() == 1
    assert LedgerEntry.objects.filter(payment_id=start.payment.pk).count() == 1
    assert Payment.objects.get(pk=start.payment.pk).state == Payment.State.PAID
