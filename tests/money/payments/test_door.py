"""Pay at the door: staff mark paid (cash or other) at once, on the ledger, with a receipt;
a double tap (the same form token) records one payment; more than is due is asked first."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity
from money.models import LedgerEntry, Payment, Registration
from money.payments.selectors import due_cents, kept_cents
from money.payments.services.door import payment_mark_paid
from notices.models import Notice
from tests.factories import LeagueFactory, TournamentFactory, director_user, manager_user
from tests.money.factories import RegistrationFactory, SeasonSignUpFactory
from tests.money.payments.conftest import FEE

pytestmark = pytest.mark.django_db


def _mark(registration, by, amount=FEE, token="tok-1", **extra):
    return payment_mark_paid(
        registration=registration, by=by, method="cash", amount_cents=amount, token=token, **extra
    )


def test_staff_mark_paid_records_who_and_when_and_sends_a_receipt(door_registration, door_director):
    done = _mark(door_registration, door_director, note="Paid at the bar")
    payment = done.payment
    assert done.created and payment.state == Payment.State.PAID
    assert payment.recorded_by == door_director and payment.paid_at is not None
    assert payment.method == "cash" and payment.note == "Paid at the bar"
    assert LedgerEntry.objects.get(payment=payment).method == "cash"
    assert Notice.objects.filter(key=f"money-payment-receipt-{payment.pk}").exists()
    assert Activity.objects.filter(verb="payment_recorded", actor=door_director).exists()
    assert due_cents(door_registration) == 0 and kept_cents(door_registration) == FEE


def test_a_double_tap_records_one_payment(door_registration, door_director):
    first = _mark(door_registration, door_director)
    second = _mark(door_registration, door_director)
    assert second.payment.pk == first.payment.pk and not second.created
    assert Payment.objects.filter(registration=door_registration).count() == 1
    assert LedgerEntry.objects.count() == 1


def test_a_second_form_for_money_no_longer_due_is_asked_first(door_registration, door_director):
    _mark(door_registration, door_director, token="a")
    with pytest.raises(ValidationError, match="more than the \\$0.00 still due"):
        _mark(door_registration, door_director, token="b")
    done = _mark(door_registration, door_director, token="b", more_than_due=True)
    assert done.created and kept_cents(door_registration) == 2 * FEE


def test_part_of_the_fee_leaves_the_rest_due(door_registration, door_director):
    _mark(door_registration, door_director, amount=750)
    assert due_cents(door_registration) == FEE - 750


@pytest.mark.parametrize("amount", [0, -5])
def test_nothing_or_less_is_refused(door_registration, door_director, amount):
    with pytest.raises(ValidationError):
        _mark(door_registration, door_director, amount=amount)
    assert not Payment.objects.exists()


@pytest.mark.parametrize("token", ["", "x" * 65, "a b", "<script>"])
def test_a_form_without_its_token_is_refused(door_registration, door_director, token):
    with pytest.raises(ValidationError):
        _mark(door_registration, door_director, token=token)


def test_card_is_not_a_door_method(door_registration, door_director):
    with pytest.raises(ValidationError):
        payment_mark_paid(
            registration=door_registration,
            by=door_director,
            method="card",
            amount_cents=FEE,
            token="t",
        )


def test_a_registration_that_left_takes_no_payment(door_registration, door_director):
    Registration.objects.filter(pk=door_registration.pk).update(state="withdrawn", place=None)
    door_registration.refresh_from_db()
    with pytest.raises(ValidationError, match="no longer live"):
        _mark(door_registration, door_director)


def test_the_director_of_another_event_may_not(door_registration):
    with pytest.raises(PermissionDenied):
        _mark(door_registration, director_user(tournament=TournamentFactory()))


def test_the_player_may_not_mark_themselves_paid(door_registration):
    with pytest.raises(PermissionDenied):
        _mark(door_registration, door_registration.user)


def test_a_season_is_marked_paid_by_its_league_managers_only(db):
    registration = RegistrationFactory(
        sign_up=SeasonSignUpFactory(fee_cents=FEE), fee_due_cents=FEE
    )
    league = registration.sign_up.season.league
    with pytest.raises(PermissionDenied):
        _mark(registration, manager_user(league=LeagueFactory()))
    assert _mark(registration, manager_user(league=league)).created
