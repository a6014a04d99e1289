"""Registering: a season's team or free agent, an event's player or pair; what is refused."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from money.models import Member, Question, Registration
from money.registrations.flows import Submission, registration_submit
from notices.models import Notice
from tests.money.registrations.helpers import (
    event_sign_up,
    pair,
    pair_sign_up,
    person,
    season_sign_up,
    team,
)

pytestmark = pytest.mark.django_db
State = Registration.State


def test_a_captain_registers_a_team_holding_a_place_until_the_partner_accepts():
    sign_up = season_sign_up(places=4, fee_cents=4000)
    user, captain = person("Casey Captain")
    registration, created = registration_submit(
        sign_up=sign_up, by=user, typed=team(sign_up, captain)
    )
    assert created
    assert registration.state == State.WAITING_PARTNER
    assert registration.place == 1
    assert registration.fee_due_cents == 4000
    assert registration.partner.email == f"partner{captain.pk}@example.com"
    assert registration.waivers["player"]["typed_name"] == "Casey Captain"
    verbs = set(Activity.objects.values_list("verb", flat=True))
    assert {Verb.REGISTERED, Verb.PLACE_TAKEN} <= verbs
    invite = Notice.objects.get(kind=Notice.Kind.INVITATION)
    assert registration.partner_token in invite.link


def test_a_league_member_team_pays_the_members_price():
    sign_up = season_sign_up(fee_cents=4000, member_fee_cents=2500)
    user, captain = person()
    Member.objects.create(league=sign_up.season.league, player=captain)
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    assert registration.fee_due_cents == 4000  # the partner is no member
    user2, captain2 = person()
    typed = team(sign_up, captain2)
    registration2, _ = registration_submit(sign_up=sign_up, by=user2, typed=typed)
    Member.objects.create(league=sign_up.season.league, player=registration2.partner)
    assert registration2.fee_due_cents == 4000  # priced when the place was taken


def test_a_double_tap_finds_the_first_registration():
    sign_up = season_sign_up()
    user, captain = person()
    first, created = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    again, created_again = registration_submit(
        sign_up=sign_up, by=user, typed=team(sign_up, captain)
    )
    assert created and not created_again
    assert again.pk == first.pk
    assert Registration.objects.count() == 1


def test_a_free_agent_waits_to_be_placed_without_a_place():
    sign_up = season_sign_up(places=2, fee_cents=1500, fee_per="player")
    user, player = person()
    typed = Submission(free_agent=True, waiver_name=player.name, waiver_agreed=True)
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=typed)
    assert registration.state == State.FREE_AGENT
    assert registration.place is None
    assert registration.fee_due_cents == 1500


def test_free_agents_are_refused_where_the_sign_up_takes_none():
    sign_up = season_sign_up(free_agents=False)
    user, player = person()
    typed = Submission(free_agent=True, waiver_name=player.name, waiver_agreed=True)
    with pytest.raises(ValidationError, match="no free agents"):
        registration_submit(sign_up=sign_up, by=user, typed=typed)
    assert not Registration.objects.exists()


def test_an_event_player_takes_a_place_and_the_full_event_puts_the_next_on_the_waitlist():
    sign_up = event_sign_up(places=1)
    first, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    second, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    assert (first.state, first.place) == (State.HOLDING, 1)
    assert (second.state, second.place, second.waitlist_position) == (State.WAITLISTED, None, 1)
    assert Activity.objects.filter(verb=Verb.WAITLISTED).count() == 1


def test_a_pair_registers_with_the_partner_invited():
    sign_up = pair_sign_up(places=8)
    user, player = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=pair("pal@example.com"))
    assert registration.state == State.WAITING_PARTNER
    assert registration.partner.email == "pal@example.com"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"team_name": ""}, "Give the team a name"),
        ({"partner_email": "not-an-email"}, "is not an email address"),
        ({"partner_name": ""}, "partner's name"),
        ({"waiver_agreed": False}, "Tick the box"),
        ({"waiver_name": "Someone Else"}, "Type your full name"),
        ({"skill_level_id": 999999}, "Pick the team's level"),
        ({"team_name": "x" * 121}, "Keep the team's name"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(change, message):
    sign_up = season_sign_up()
    user, captain = person()
    typed = team(sign_up, captain)
    for key, value in change.items():
        setattr(typed, key, value)
    with pytest.raises(ValidationError, match=message):
        registration_submit(sign_up=sign_up, by=user, typed=typed)
    assert not Registration.objects.exists()
    assert not Activity.objects.exists()
    assert not Notice.objects.exists()


def test_a_team_name_already_in_the_season_is_refused():
    sign_up = season_sign_up()
    user, captain = person()
    registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain, team_name="Bowers"))
    user2, captain2 = person()
    with pytest.raises(ValidationError, match="already has a team called"):
        registration_submit(
            sign_up=sign_up, by=user2, typed=team(sign_up, captain2, team_name="bowers")
        )


def test_the_organisers_questions_are_answered_and_checked():
    sign_up = event_sign_up()
    shirt = Question.objects.create(
        sign_up=sign_up, text="Shirt size", kind="choice", choices=["S", "M", "L"], required=True
    )
    veg = Question.objects.create(sign_up=sign_up, text="Vegetarian?", kind="yes_no")
    user, _ = person()
    with pytest.raises(ValidationError, match="Shirt size"):
        registration_submit(sign_up=sign_up, by=user, typed=Submission(answers={}))
    with pytest.raises(ValidationError, match="Choose one of the answers"):
        registration_submit(
            sign_up=sign_up, by=user, typed=Submission(answers={str(shirt.pk): "XXL"})
        )
    with pytest.raises(ValidationError, match="yes or no"):
        registration_submit(
            sign_up=sign_up,
            by=user,
            typed=Submission(answers={str(shirt.pk): "M", str(veg.pk): "maybe"}),
        )
    assert not Registration.objects.exists()
    registration, _ = registration_submit(
        sign_up=sign_up, by=user, typed=Submission(answers={str(shirt.pk): "M", str(veg.pk): "no"})
    )
    assert registration.answers == {str(shirt.pk): "M", str(veg.pk): "no"}


def test_a_closed_or_not_yet_open_sign_up_refuses_clearly():
    now = timezone.now()
    later = event_sign_up(
        opens_at=now + datetime.timedelta(days=1), closes_at=now + datetime.timedelta(days=2)
    )
    closed = event_sign_up(
        opens_at=now - datetime.timedelta(days=2), closes_at=now - datetime.timedelta(days=1)
    )
    user, _ = person()
    with pytest.raises(ValidationError, match="opens"):
        registration_submit(sign_up=later, by=user, typed=Submission())
    with pytest.raises(ValidationError, match="closed"):
        registration_submit(sign_up=closed, by=user, typed=Submission())
    assert not Registration.objects.exists()


def test_nobody_signed_out_registers_through_the_service():
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PermissionDenied):
        registration_submit(sign_up=event_sign_up(), by=AnonymousUser(), typed=Submission())


def test_a_partner_already_registered_is_refused():
    sign_up = pair_sign_up()
    registration_submit(sign_up=sign_up, by=person()[0], typed=pair("pal@example.com"))
    with pytest.raises(ValidationError, match="already registered"):
        registration_submit(sign_up=sign_up, by=person()[0], typed=pair("pal@example.com"))
    assert Registration.objects.count() == 1


def test_an_event_under_way_takes_no_registration():
    sign_up = event_sign_up()
    sign_up.tournament.status = "running"
    sign_up.tournament.save(update_fields=["status"])
    with pytest.raises(ValidationError, match="has started"):
        registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())


def test_a_player_already_on_a_team_of_the_season_is_told_so():
    from tests.factories import RosterEntryFactory, TeamFactory

    sign_up = season_sign_up()
    user, captain = person()
    RosterEntryFactory(team=TeamFactory(season=sign_up.season, name="Old Bowers"), player=captain)
    with pytest.raises(ValidationError, match="already play for Old Bowers"):
        registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    assert not Registration.objects.exists()
