"""The providers behind the interface: Stripe Checkout through the official library (against
the stand-in) and pay at the door; the webhook signature checked by the library."""

import json

import pytest

from money.payments.providers import (
    DoorProvider,
    ProviderRefused,
    ProviderUnavailable,
    StripeProvider,
    provider_for,
)
from money.payments.providers.stripe_checkout import event_verified
from tests.money.stripe_standin import sign

START = {
    "amount_cents": 1250,
    "currency": "CAD",
    "description": "Fall league: Left Bowers",
    "success_url": "http://testserver/ok",
    "cancel_url": "http://testserver/no",
    "metadata": {"payment_id": "7"},
}


def test_a_checkout_is_a_payment_in_the_sign_ups_currency_in_cents(stand_in):
    checkout = StripeProvider().checkout_start(key="k-1", **START)
    session = stand_in.sessions[checkout.ref]
    assert session["mode"] == "payment" and session["currency"] == "cad"
    assert session["amount_total"] == 1250 and session["metadata"] == {"payment_id": "7"}
    assert checkout.status == "open" and checkout.url == session["url"]
    assert checkout.amount_cents == 1250 and checkout.currency == "CAD"


def test_the_same_key_gets_the_same_checkout(stand_in):
    provider = StripeProvider()
    assert (
        provider.checkout_start(key="k-1", **START).ref
        == provider.checkout_start(key="k-1", **START).ref
    )
    assert len(stand_in.sessions) == 1


def test_a_checkout_is_read_and_expired(stand_in):
    provider = StripeProvider()
    ref = provider.checkout_start(key="k-2", **START).ref
    stand_in.deliver = lambda payload, headers: 200
    stand_in.pay(ref)
    paid = provider.checkout_get(ref)
    assert paid.status == "complete" and paid.paid and paid.payment_ref.startswith("pi_")
    other = provider.checkout_start(key="k-3", **START).ref
    assert provider.checkout_expire(other).status == "expired"


@pytest.mark.parametrize("fault", ["close", "500"])
def test_stripe_down_is_unavailable(stand_in, fault):
    stand_in.down = fault
    with pytest.raises(ProviderUnavailable):
        StripeProvider().checkout_start(key="k-4", **START)


def test_a_bad_request_is_refused(stand_in):
    with pytest.raises(ProviderRefused):
        StripeProvider().checkout_get("cs_test_nobody")


@pytest.mark.parametrize("key", ["sk_test_wrong", ""])
def test_a_wrong_or_missing_key_is_unavailable_to_the_player(stand_in, settings, key):
    settings.STRIPE_SECRET_KEY = key
    with pytest.raises(ProviderUnavailable):
        StripeProvider().checkout_start(key="k-5", **START)
    assert not stand_in.sessions


def test_a_card_refund_names_its_payment_intent(stand_in):
    provider = StripeProvider()
    ref = provider.checkout_start(key="k-6", **START).ref
    stand_in.deliver = lambda payload, headers: 200
    stand_in.pay(ref)
    intent = stand_in.sessions[ref]["payment_intent"]
    result = provider.refund(
        key="r-1", payment_ref=intent, amount_cents=250, metadata={"refund_id": "3"}
    )
    assert result.done and stand_in.refunds[result.ref]["metadata"] == {"refund_id": "3"}
    with pytest.raises(ProviderRefused):
        provider.refund(key="r-2", payment_ref=intent, amount_cents=1001, metadata={})
    with pytest.raises(ProviderRefused):
        provider.refund(key="r-3", payment_ref="", amount_cents=1, metadata={})


def test_money_at_the_door_is_handed_back_at_once():
    assert DoorProvider().refund(key="x", payment_ref="", amount_cents=100, metadata={}).done
    assert isinstance(provider_for("cash"), DoorProvider)
    assert isinstance(provider_for("card"), StripeProvider)


def test_an_event_is_believed_only_with_the_secrets_signature(settings):
    settings.STRIPE_WEBHOOK_SECRET = "whsec_x"
    payload = json.dumps(
        {"id": "evt_1", "object": "event", "type": "ping", "data": {"object": {}}}
    ).encode()
    assert event_verified(payload=payload, signature=sign(payload, "whsec_x"))["id"] == "evt_1"
    for signature in ("", sign(payload, "whsec_y"), "t=1,v1=00"):
        with pytest.raises(ValueError):
            event_verified(payload=payload, signature=signature)
    settings.STRIPE_WEBHOOK_SECRET = ""
    with pytest.raises(ValueError):
        event_verified(payload=payload, signature=sign(payload, ""))
