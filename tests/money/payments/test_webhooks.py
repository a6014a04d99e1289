"""Stripe's webhook: verified with the signing secret, recorded once by event id, handled by
state so deliveries again or out of order change nothing more; forged, unsigned or unknown
events change nothing."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from activity.models import Activity
from money.models import LedgerEntry, Payment, ProviderEvent, Refund
from money.payments.services.card import payment_card_start
from notices.models import Notice
from tests.money.stripe_standin import sign

pytestmark = pytest.mark.django_db

URL = "/money/payments/stripe/webhook/"


def _checkout(registration):
    start = payment_card_start(
        registration=registration,
        user=registration.user,
        success_url="http://testserver/ok",
        cancel_url="http://testserver/no",
    )
    payment = Payment.objects.get(pk=start.payment.pk)
    return payment, payment.provider_ref


def _post(payload: bytes, signature: str | None):
    headers = {"Stripe-Signature": signature} if signature is not None else {}
    return Client().post(URL, payload, content_type="application/json", headers=headers)


def test_the_address_is_the_one_in_the_readme():
    assert reverse("money:stripe_webhook") == URL


def test_paying_marks_the_payment_paid_posts_it_once_and_sends_a_receipt(
    stand_in, card_registration
):
    payment, ref = _checkout(card_registration)
    event = stand_in.pay(ref)
    assert stand_in.deliveries[-1] == (event["id"], 200)
    payment.refresh_from_db()
    assert payment.state == Payment.State.PAID and payment.paid_at is not None
    assert payment.provider_payment_ref == stand_in.sessions[ref]["payment_intent"]
    entry = LedgerEntry.objects.get(payment=payment)
    assert entry.amount_cents == payment.amount_cents
    receipt = Notice.objects.get(key=f"money-payment-receipt-{payment.pk}")
    assert "$20.00" in receipt.subject and card_registration.player.email in [
        m.address for m in receipt.messages.all()
    ]
    assert Activity.objects.filter(verb="payment_recorded", object_id=card_registration.pk).exists()
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "pending -> paid"


def test_a_delivery_again_is_answered_and_changes_nothing(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    event = stand_in.pay(ref)
    assert stand_in.resend(event["id"]) == 200
    assert ProviderEvent.objects.filter(event_id=event["id"]).count() == 1
    assert LedgerEntry.objects.filter(payment=payment).count() == 1
    assert Notice.objects.filter(key=f"money-payment-receipt-{payment.pk}").count() == 1


def test_a_second_completed_event_for_the_same_session_keeps_one_payment(
    stand_in, card_registration
):
    payment, ref = _checkout(card_registration)
    stand_in.pay(ref)
    stand_in.send_event("checkout.session.completed", stand_in.sessions[ref])
    assert LedgerEntry.objects.filter(payment=payment).count() == 1
    assert ProviderEvent.objects.filter(kind="checkout.session.completed").count() == 2


@pytest.mark.parametrize(
    "signature",
    [None, "", "t=1,v1=deadbeef", "nonsense"],
    ids=["unsigned", "empty", "forged", "garbled"],
)
def test_an_unsigned_or_forged_event_is_refused_and_changes_nothing(
    stand_in, card_registration, signature
):
    payment, ref = _checkout(card_registration)
    session = {**stand_in.sessions[ref], "status": "complete", "payment_status": "paid"}
    payload = json.dumps(stand_in.event("checkout.session.completed", session)).encode()
    assert _post(payload, signature).status_code == 400
    payment.refresh_from_db()
    assert payment.state == Payment.State.PENDING
    assert not ProviderEvent.objects.exists()


def test_an_event_signed_with_another_secret_is_refused(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    session = {**stand_in.sessions[ref], "status": "complete", "payment_status": "paid"}
    payload = json.dumps(stand_in.event("checkout.session.completed", session)).encode()
    assert _post(payload, sign(payload, "whsec_someone_else")).status_code == 400
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PENDING


def test_an_old_signature_is_refused(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    payload = json.dumps(
        stand_in.event("checkout.session.completed", stand_in.sessions[ref])
    ).encode()
    stale = sign(payload, stand_in.webhook_secret, timestamp=1_000_000)
    assert _post(payload, stale).status_code == 400


def test_without_a_signing_secret_every_event_is_refused(stand_in, settings, card_registration):
    payment, ref = _checkout(card_registration)
    settings.STRIPE_WEBHOOK_SECRET = ""
    stand_in.pay(ref)
    assert stand_in.deliveries[-1][1] == 400
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PENDING


def test_a_get_is_not_allowed():
    assert Client().get(URL).status_code == 405


def test_an_event_for_a_payment_that_does_not_exist_is_recorded_unknown(
    stand_in, card_registration
):
    payment, ref = _checkout(card_registration)
    stranger = {
        **stand_in.sessions[ref],
        "id": "cs_test_not_ours",
        "metadata": {"payment_id": "999999"},
    }
    stranger.update(status="complete", payment_status="paid", payment_intent="pi_x")
    event = stand_in.send_event("checkout.session.completed", stranger)
    assert stand_in.deliveries[-1][1] == 200
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "unknown payment"
    # Our payment's id with another session's id is not ours either.
    other = {**stranger, "id": "cs_test_other", "metadata": {"payment_id": str(payment.pk)}}
    event = stand_in.send_event("checkout.session.completed", other)
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "unknown payment"
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PENDING
    assert not LedgerEntry.objects.exists()


def test_an_event_of_a_kind_not_handled_is_recorded_and_ignored(stand_in):
    event = stand_in.send_event("customer.created", {"id": "cus_1"})
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "ignored"


def test_expired_after_completed_keeps_it_paid(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    stand_in.pay(ref)
    late = {**stand_in.sessions[ref], "status": "expired"}
    event = stand_in.send_event("checkout.session.expired", late)
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PAID
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "kept paid"


def test_completed_after_an_expired_event_still_records_the_money(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    stand_in.send_event("checkout.session.expired", {**stand_in.sessions[ref], "status": "expired"})
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.FAILED
    stand_in.pay(ref)
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PAID
    assert LedgerEntry.objects.filter(payment=payment).count() == 1


def test_an_abandoned_checkout_expiring_fails_the_payment_and_the_registration_waits(
    stand_in, card_registration
):
    payment, ref = _checkout(card_registration)
    stand_in.expire(ref)
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.FAILED
    card_registration.refresh_from_db()
    assert card_registration.state == "holding"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"amount_total": 1}, "amount 1 is not 2000"),
        ({"currency": "eur"}, "currency EUR is not USD"),
    ],
)
def test_a_paid_session_of_another_amount_or_currency_pays_nothing(
    stand_in, card_registration, change, why
):
    payment, ref = _checkout(card_registration)
    paid = {**stand_in.sessions[ref], "status": "complete", "payment_status": "paid", **change}
    paid["payment_intent"] = "pi_test_odd"
    event = stand_in.send_event("checkout.session.completed", paid)
    assert stand_in.deliveries[-1][1] == 200
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == f"mismatch: {why}"
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PENDING
    assert not LedgerEntry.objects.exists()


def test_a_completed_session_not_yet_paid_waits(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    unpaid = {**stand_in.sessions[ref], "status": "complete", "payment_status": "unpaid"}
    event = stand_in.send_event("checkout.session.completed", unpaid)
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "not paid yet"
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PENDING


def test_a_pending_refund_is_done_by_its_webhook_once(
    stand_in, card_registration, director, django_capture_on_commit_callbacks
):
    from money.payments.services.refunds import refund_create

    payment, ref = _checkout(card_registration)
    stand_in.pay(ref)
    stand_in.refund_status = "pending"
    with django_capture_on_commit_callbacks(execute=True):
        outcome = refund_create(payment=payment, by=director, amount_cents=500)
    refund = Refund.objects.get(pk=outcome.refund.pk)
    assert refund.state == Refund.State.PENDING and refund.provider_ref.startswith("re_")
    event = stand_in.refund_settle(refund.provider_ref)
    refund.refresh_from_db()
    assert refund.state == Refund.State.DONE
    stand_in.resend(event["id"])
    stand_in.send_event(
        "charge.refunded",
        {"id": "ch_1", "refunds": {"data": [stand_in.refunds[refund.provider_ref]]}},
    )
    assert LedgerEntry.objects.filter(refund=refund).count() == 1


def test_a_refund_event_for_a_refund_not_ours_is_unknown(stand_in):
    event = stand_in.send_event("refund.updated", {"id": "re_nobody", "status": "succeeded"})
    assert ProviderEvent.objects.get(event_id=event["id"]).outcome == "unknown refund"


def test_events_released_newest_first_end_in_the_same_state(stand_in, card_registration):
    payment, ref = _checkout(card_registration)
    stand_in.holding = True
    stand_in.pay(ref)
    stand_in.send_event("checkout.session.expired", {**stand_in.sessions[ref], "status": "expired"})
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PENDING  # nothing arrived
    assert stand_in.release(newest_first=True) == [200, 200]
    assert Payment.objects.get(pk=payment.pk).state == Payment.State.PAID
    assert LedgerEntry.objects.filter(payment=payment).count() == 1
