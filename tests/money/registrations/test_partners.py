"""The partner's invitation: accepted by whoever holds the link, signed in, with the waiver."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity, Verb
from money.models import Registration
from money.registrations.flows import registration_submit
from money.registrations.partners import partner_accept
from tests.money.registrations.helpers import pair, pair_sign_up, person, season_sign_up, team

pytestmark = pytest.mark.django_db
State = Registration.State


def _team_registered(sign_up=None):
    sign_up = sign_up or season_sign_up(places=4)
    user, captain = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    return registration


def test_the_partner_accepts_signs_the_waiver_and_the_place_is_held():
    registration = _team_registered()
    partner_user, partner = person("Pia Partner")
    done = partner_accept(
        token=registration.partner_token,
        by=partner_user,
        waiver_name="pia partner",
        waiver_agreed=True,
        ip_address="127.0.0.1",
    )
    assert done.state == State.HOLDING
    assert done.partner_id == partner.pk
    assert done.partner_accepted_at is not None
    assert done.waivers["partner"]["typed_name"] == "pia partner"
    assert Activity.objects.filter(verb=Verb.PARTNER_ACCEPTED).exists()


def test_the_partner_must_agree_to_the_waiver():
    registration = _team_registered()
    partner_user, _ = person()
    with pytest.raises(ValidationError, match="Tick the box"):
        partner_accept(token=registration.partner_token, by=partner_user)
    registration.refresh_from_db()
    assert registration.state == State.WAITING_PARTNER
    assert registration.partner_accepted_at is None


def test_the_captain_cannot_accept_for_the_partner():
    registration = _team_registered()
    with pytest.raises(ValidationError, match="your partner accepts"):
        partner_accept(
            token=registration.partner_token,
            by=registration.user,
            waiver_name=registration.player.name,
            waiver_agreed=True,
        )


def test_a_second_acceptance_and_a_wrong_token_are_refused():
    registration = _team_registered()
    partner_user, partner = person()
    partner_accept(
        token=registration.partner_token,
        by=partner_user,
        waiver_name=partner.name,
        waiver_agreed=True,
    )
    with pytest.raises(ValidationError, match="already accepted"):
        partner_accept(
            token=registration.partner_token,
            by=partner_user,
            waiver_name=partner.name,
            waiver_agreed=True,
        )
    with pytest.raises(ValidationError, match="no longer open"):
        partner_accept(token="nope", by=partner_user)


def test_signed_out_nobody_accepts_through_the_service():
    registration = _team_registered()
    with pytest.raises(PermissionDenied):
        partner_accept(token=registration.partner_token, by=AnonymousUser())


def test_an_events_pair_needs_no_waiver():
    sign_up = pair_sign_up()
    user, _ = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=pair("pal@example.com"))
    partner_user, _ = person()
    done = partner_accept(token=registration.partner_token, by=partner_user)
    assert done.state == State.HOLDING


def test_a_waitlisted_team_stays_waitlisted_when_the_partner_accepts():
    sign_up = season_sign_up(places=1)
    _team_registered(sign_up)
    second = _team_registered(sign_up)
    assert second.state == State.WAITLISTED
    partner_user, partner = person()
    done = partner_accept(
        token=second.partner_token, by=partner_user, waiver_name=partner.name, waiver_agreed=True
    )
    assert done.state == State.WAITLISTED
    assert done.partner_accepted_at is not None
