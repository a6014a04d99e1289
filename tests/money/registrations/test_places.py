"""Places and the waitlist: offers by email and text, passed on when unanswered; unpaid
places lapsing; withdrawals moving the line; the signal the payments part listens to."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from money.models import Payment, Refund, Registration
from money.registrations.flows import Submission, registration_submit
from money.registrations.lapses import unpaid_lapse
from money.registrations.offers import offer_accept, offer_decline, offers_expire
from money.registrations.tasks import registrations_move_on
from money.registrations.withdraw import registration_withdraw
from money.signals import registration_left
from notices.models import Notice
from tests.money.registrations.helpers import event_sign_up, person
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
State = Registration.State


def _register(sign_up):
    user, _ = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=Submission())
    return registration


def _full_event(places=1, waiting=2, **fields):
    sign_up = event_sign_up(places=places, **fields)
    tournament = sign_up.tournament
    tournament.date = timezone.localdate() + datetime.timedelta(days=10)
    tournament.save(update_fields=["date"])
    held = [_register(sign_up) for _ in range(places)]
    line = [_register(sign_up) for _ in range(waiting)]
    return sign_up, held, line


@pytest.fixture
def left():
    calls = []

    def receiver(sender, registration, reason, by, **kwargs):
        calls.append((registration.pk, reason))

    registration_left.connect(receiver)
    yield calls
    registration_left.disconnect(receiver)


def test_a_withdrawal_offers_the_place_to_the_first_in_line_by_email_and_text(left):
    sign_up, [holder], [first, second] = _full_event()
    first.player.phone, first.player.sms_opt_in = "+14165550123", True
    first.player.save()
    registration_withdraw(registration=holder, by=holder.user)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.state == State.OFFERED and first.place == 1 and first.offer_token
    assert first.offer_expires_at > timezone.now() + datetime.timedelta(hours=47)
    assert second.state == State.WAITLISTED
    assert left == [(holder.pk, State.WITHDRAWN)]
    offer = Notice.objects.get(source__registration=first.pk)
    assert first.offer_token in offer.link
    channels = set(offer.messages.values_list("channel", flat=True))
    assert channels == {"email", "sms"}
    assert Activity.objects.filter(verb=Verb.PLACE_OFFERED).count() == 1


def test_an_accepted_offer_holds_the_place():
    sign_up, [holder], [first, _] = _full_event()
    registration_withdraw(registration=holder, by=holder.user)
    first.refresh_from_db()
    done = offer_accept(token=first.offer_token)
    assert (done.state, done.place, done.offer_token) == (State.HOLDING, 1, "")


def test_a_declined_offer_goes_to_the_next_in_line(left):
    sign_up, [holder], [first, second] = _full_event()
    registration_withdraw(registration=holder, by=holder.user)
    first.refresh_from_db()
    offer_decline(token=first.offer_token)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.state == State.WITHDRAWN
    assert second.state == State.OFFERED and second.place == 1
    assert (first.pk, State.WITHDRAWN) in left


def test_an_unanswered_offer_passes_on_once_whoever_runs_the_task(left):
    sign_up, [holder], [first, second] = _full_event()
    registration_withdraw(registration=holder, by=holder.user)
    Registration.objects.filter(pk=first.pk).update(
        offer_expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    assert offers_expire() == 1
    assert offers_expire() == 0  # a second worker finds nothing left to do
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.state == State.LAPSED and first.place is None
    assert second.state == State.OFFERED and second.place == 1
    assert Activity.objects.filter(verb=Verb.OFFER_LAPSED).count() == 1
    assert (first.pk, State.LAPSED) in left


def test_an_expired_offer_cannot_be_accepted():
    sign_up, [holder], [first, _] = _full_event()
    registration_withdraw(registration=holder, by=holder.user)
    first.refresh_from_db()
    Registration.objects.filter(pk=first.pk).update(
        offer_expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    with pytest.raises(ValidationError, match="ran out"):
        offer_accept(token=first.offer_token)


def test_an_unpaid_place_lapses_at_its_deadline_and_the_line_moves(left):
    sign_up, [holder], [first] = _full_event(waiting=1, fee_cents=1000, pay_to_hold=True)
    assert holder.pay_by is not None and holder.fee_due_cents == 1000
    assert unpaid_lapse() == 0  # not yet due
    Registration.objects.filter(pk=holder.pk).update(
        pay_by=timezone.now() - datetime.timedelta(minutes=1)
    )
    assert registrations_move_on() == {
        "offers_passed_on": 0,
        "places_lapsed": 1,
        "places_offered": 0,
    }
    holder.refresh_from_db()
    first.refresh_from_db()
    assert holder.state == State.LAPSED
    assert first.state == State.OFFERED
    assert (holder.pk, State.LAPSED) in left
    assert unpaid_lapse() == 0


def test_a_paid_place_never_lapses_but_a_refunded_one_does():
    sign_up, [holder], _ = _full_event(waiting=0, fee_cents=1000, pay_to_hold=True)
    Registration.objects.filter(pk=holder.pk).update(
        pay_by=timezone.now() - datetime.timedelta(minutes=1)
    )
    payment = Payment.objects.create(
        registration=holder, amount_cents=1000, currency="USD", method="cash", state="paid"
    )
    assert unpaid_lapse() == 0
    Refund.objects.create(payment=payment, amount_cents=400, state="done")
    assert unpaid_lapse() == 1


def test_a_withdrawal_from_the_waitlist_frees_no_place(left):
    sign_up, [holder], [first, second] = _full_event()
    registration_withdraw(registration=first, by=first.user)
    second.refresh_from_db()
    holder.refresh_from_db()
    assert second.state == State.WAITLISTED
    assert holder.state == State.HOLDING
    assert left == [(first.pk, State.WITHDRAWN)]


def test_only_the_person_withdraws_their_registration():
    sign_up, [holder], _ = _full_event(waiting=0)
    other_user, _ = person()
    with pytest.raises(PermissionDenied):
        registration_withdraw(registration=holder, by=other_user)
    holder.refresh_from_db()
    assert holder.state == State.HOLDING


def test_no_withdrawal_once_the_event_has_started():
    sign_up, [holder], _ = _full_event(waiting=0)
    sign_up.tournament.status = Tournament.Status.RUNNING
    sign_up.tournament.save(update_fields=["status"])
    with pytest.raises(ValidationError, match="has started"):
        registration_withdraw(registration=holder, by=holder.user)


def test_a_player_drops_out_of_tonights_event_before_its_first_round():
    sign_up, [holder], _ = _full_event(waiting=0)
    sign_up.tournament.date = timezone.localdate()
    sign_up.tournament.save(update_fields=["date"])
    assert registration_withdraw(registration=holder, by=holder.user).state == State.WITHDRAWN


def test_nobody_jumps_the_line_when_a_place_is_free():
    sign_up, [holder], [first, _] = _full_event()
    sign_up.places = 2
    sign_up.save(update_fields=["places"])
    newcomer = _register(sign_up)
    first.refresh_from_db()
    assert first.state == State.OFFERED and first.place == 2
    assert newcomer.state == State.WAITLISTED
