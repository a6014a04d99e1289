"""Refunds, full or partial: never more than was paid (under a lock on the payment); cash
recorded at once, card through Stripe with a key from the refund's id; Stripe down leaves
the refund PENDING to be sent again; posted to the ledger once, the player told."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from money.amounts import cents_text
from money.models import LedgerEntry, Payment, Refund
from money.payments.selectors import refundable_cents
from money.payments.services.card import payment_card_start
from money.payments.services.door import payment_mark_paid
from money.payments.services.refunds import refund_create, refund_retry
from money.payments.tasks import refunds_send_pending
from notices.models import Notice
from tests.factories import TournamentFactory, director_user
from tests.money.payments.conftest import FEE

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


@pytest.fixture
def cash(door_registration, door_director):
    return payment_mark_paid(
        registration=door_registration, by=door_director, method="cash", amount_cents=FEE, token="t"
    ).payment


@pytest.fixture
def card(stand_in, card_registration):
    start = payment_card_start(
        registration=card_registration,
        user=card_registration.user,
        success_url="http://testserver/ok",
        cancel_url="http://testserver/no",
    )
    stand_in.pay(Payment.objects.get(pk=start.payment.pk).provider_ref)
    return Payment.objects.get(pk=start.payment.pk)


def test_a_cash_refund_is_recorded_done_at_once(cash, door_director):
    outcome = refund_create(payment=cash, by=door_director, amount_cents=500, reason="Left early")
    refund = outcome.refund
    assert refund.state == Refund.State.DONE and refund.by == door_director
    assert LedgerEntry.objects.get(refund=refund).amount_cents == -500
    assert Notice.objects.filter(key=f"money-refund-notice-{refund.pk}").exists()
    assert refundable_cents(cash) == FEE - 500


def test_more_than_is_left_is_refused_with_what_may_be(cash, door_director):
    refund_create(payment=cash, by=door_director, amount_cents=1500)
    with pytest.raises(ValidationError, match=r"You can refund at most \$5.00"):
        refund_create(payment=cash, by=door_director, amount_cents=501)
    assert Refund.objects.count() == 1


def test_an_empty_amount_refunds_all_that_is_left(cash, door_director):
    refund_create(payment=cash, by=door_director, amount_cents=500)
    rest = refund_create(payment=cash, by=door_director, amount_cents=None).refund
    assert rest.amount_cents == FEE - 500
    with pytest.raises(ValidationError, match="in full already"):
        refund_create(payment=cash, by=door_director, amount_cents=None)


def test_the_same_refund_tapped_twice_is_one(cash, door_director):
    first = refund_create(payment=cash, by=door_director, amount_cents=500)
    second = refund_create(payment=cash, by=door_director, amount_cents=500)
    assert second.refund.pk == first.refund.pk and not second.created
    assert "just recorded" in second.message
    assert LedgerEntry.objects.filter(refund__isnull=False).count() == 1


def test_only_a_paid_payment_is_refunded(stand_in, card_registration, director):
    start = payment_card_start(
        registration=card_registration,
        user=card_registration.user,
        success_url="http://x/",
        cancel_url="http://x/",
    )
    with pytest.raises(ValidationError, match="Only a paid payment"):
        refund_create(payment=start.payment, by=director, amount_cents=100)


def test_refunds_are_for_the_staff_of_that_event(cash, door_registration):
    with pytest.raises(PermissionDenied):
        refund_create(payment=cash, by=door_registration.user, amount_cents=100)
    with pytest.raises(PermissionDenied):
        refund_create(
            payment=cash, by=director_user(tournament=TournamentFactory()), amount_cents=100
        )


def test_a_card_refund_goes_through_stripe_with_a_key_from_its_id(card, stand_in, director, sent):
    with sent(execute=True):  # sent to Stripe once the refund's row is committed
        outcome = refund_create(payment=card, by=director, amount_cents=700)
    refund = Refund.objects.get(pk=outcome.refund.pk)
    assert refund.state == Refund.State.DONE
    sent = stand_in.refunds[refund.provider_ref]
    assert sent["amount"] == 700 and sent["payment_intent"] == card.provider_payment_ref
    call = [c for c in stand_in.calls if c[1] == "/v1/refunds"][0]
    assert call[3]["idempotency-key"] == f"euchre-refund-{refund.pk}"
    assert LedgerEntry.objects.filter(refund=refund).count() == 1


def test_stripe_down_keeps_the_card_refund_pending_and_a_retry_sends_it_once(
    card, stand_in, director, sent
):
    stand_in.down = "close"
    with sent(execute=True):
        outcome = refund_create(payment=card, by=director, amount_cents=FEE)
    assert Refund.objects.get(pk=outcome.refund.pk).state == Refund.State.PENDING
    retried = refund_retry(refund=outcome.refund, by=director)
    assert "not answering" in retried.message and "will be sent again" in retried.message
    assert not LedgerEntry.objects.filter(refund__isnull=False).exists()
    # Still counted: no second refund of the same money while the first waits.
    with pytest.raises(ValidationError):
        refund_create(payment=card, by=director, amount_cents=1)
    stand_in.down = None
    assert refunds_send_pending() == 1
    refund = Refund.objects.get(pk=outcome.refund.pk)
    assert refund.state == Refund.State.DONE
    assert refund_retry(refund=refund, by=director).message == f"Refunded {cents_text(FEE)}."
    assert len(stand_in.refunds) == 1


def test_a_refund_stripe_refuses_is_failed_and_frees_the_money(card, stand_in, director, sent):
    stand_in.refunds["re_test_before"] = {  # refunded already at Stripe's dashboard
        "id": "re_test_before", "amount": FEE, "payment_intent": card.provider_payment_ref,
    }  # fmt: skip
    with sent(execute=True):
        outcome = refund_create(payment=card, by=director, amount_cents=500)
    refund = Refund.objects.get(pk=outcome.refund.pk)
    assert refund.state == Refund.State.FAILED
    assert "refused" in refund_retry(refund=refund, by=director).message
    assert refundable_cents(card) == FEE
