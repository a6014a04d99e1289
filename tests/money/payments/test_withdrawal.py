"""A withdrawal before the sign-up's refund deadline refunds what was paid by card, in full,
once the withdrawal commits; Stripe down leaves the refund PENDING for a retry. Any
registration that leaves has its open checkout closed."""

import datetime

import pytest
from django.utils import timezone

from money.models import Payment, Refund, Registration
from money.payments.services.card import payment_card_start
from money.payments.services.door import payment_mark_paid
from money.payments.tasks import refunds_send_pending
from money.signals import registration_left
from tests.money.payments.conftest import FEE, make_registration

pytestmark = pytest.mark.django_db

LATER = datetime.timedelta(days=2)


def _paid_by_card(stand_in, registration) -> Payment:
    start = payment_card_start(
        registration=registration,
        user=registration.user,
        success_url="http://x/",
        cancel_url="http://x/",
    )
    stand_in.pay(Payment.objects.get(pk=start.payment.pk).provider_ref)
    return Payment.objects.get(pk=start.payment.pk)


def _leave(registration, reason="withdrawn"):
    """What the registrations part does: change the state, send the signal, one transaction."""
    Registration.objects.filter(pk=registration.pk).update(state=reason, place=None)
    registration.refresh_from_db()
    registration_left.send(
        Registration, registration=registration, reason=reason, by=registration.user
    )


@pytest.fixture
def refundable(db):
    return make_registration(refund_until=timezone.now() + LATER)


def test_a_withdrawal_before_the_deadline_refunds_the_card_in_full(
    stand_in, refundable, django_capture_on_commit_callbacks
):
    payment = _paid_by_card(stand_in, refundable)
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        _leave(refundable)
    refund = Refund.objects.get(payment=payment)
    assert refund.amount_cents == FEE and refund.state == Refund.State.PENDING
    assert not stand_in.refunds  # nothing leaves before the withdrawal commits
    for callback in waiting:
        callback()
    refund.refresh_from_db()
    assert refund.state == Refund.State.DONE and refund.by == refundable.user
    assert stand_in.refunds[refund.provider_ref]["amount"] == FEE


def test_a_withdrawal_after_the_deadline_refunds_nothing(
    stand_in, db, django_capture_on_commit_callbacks
):
    registration = make_registration(refund_until=timezone.now() - LATER)
    _paid_by_card(stand_in, registration)
    with django_capture_on_commit_callbacks(execute=True):
        _leave(registration)
    assert not Refund.objects.exists()


def test_no_deadline_no_self_refund(
    stand_in, card_registration, django_capture_on_commit_callbacks
):
    _paid_by_card(stand_in, card_registration)
    with django_capture_on_commit_callbacks(execute=True):
        _leave(card_registration)
    assert not Refund.objects.exists()


@pytest.mark.parametrize("reason", ["refused", "lapsed"])
def test_only_a_withdrawal_refunds_itself(
    stand_in, refundable, reason, django_capture_on_commit_callbacks
):
    _paid_by_card(stand_in, refundable)
    with django_capture_on_commit_callbacks(execute=True):
        _leave(refundable, reason)
    assert not Refund.objects.exists()


def test_stripe_down_leaves_the_refund_pending_and_the_task_sends_it(
    stand_in, refundable, django_capture_on_commit_callbacks
):
    payment = _paid_by_card(stand_in, refundable)
    stand_in.down = "500"
    with django_capture_on_commit_callbacks(execute=True):
        _leave(refundable)
    refund = Refund.objects.get(payment=payment)
    assert refund.state == Refund.State.PENDING and refund.provider_ref == ""
    stand_in.down = None
    refunds_send_pending()
    refund.refresh_from_db()
    assert refund.state == Refund.State.DONE and len(stand_in.refunds) == 1


def test_what_was_refunded_already_is_not_refunded_again(
    stand_in, refundable, django_capture_on_commit_callbacks
):
    from money.payments.services.refunds import refund_create
    from tests.factories import director_user

    payment = _paid_by_card(stand_in, refundable)
    director = director_user(tournament=refundable.sign_up.tournament)
    with django_capture_on_commit_callbacks(execute=True):
        refund_create(payment=payment, by=director, amount_cents=500)
        _leave(refundable)
    assert sorted(Refund.objects.values_list("amount_cents", flat=True)) == [500, FEE - 500]


def test_cash_is_handed_back_by_staff_not_by_itself(db, django_capture_on_commit_callbacks):
    from tests.factories import director_user

    registration = make_registration("door", refund_until=timezone.now() + LATER)
    director = director_user(tournament=registration.sign_up.tournament)
    payment_mark_paid(
        registration=registration, by=director, method="cash", amount_cents=FEE, token="t"
    )
    with django_capture_on_commit_callbacks(execute=True):
        _leave(registration)
    assert not Refund.objects.exists()


def test_leaving_closes_an_open_checkout(
    stand_in, card_registration, django_capture_on_commit_callbacks
):
    start = payment_card_start(
        registration=card_registration,
        user=card_registration.user,
        success_url="http://x/",
        cancel_url="http://x/",
    )
    with django_capture_on_commit_callbacks(execute=True):
        _leave(card_registration, "lapsed")
    payment = Payment.objects.get(pk=start.payment.pk)
    assert payment.state == Payment.State.FAILED
    assert stand_in.sessions[payment.provider_ref]["status"] == "expired"
