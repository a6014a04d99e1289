"""Answering coming / not coming / maybe: who may, for which fixtures, and answering twice."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.availability.models import Availability
from league.availability.services import availability_answer
from league.seasons.models import Fixture, RosterEntry
from tests.factories import PlayerFactory, RosterEntryFactory, UserFactory, manager_user
from tests.league.availability.factories import fixture_on, upcoming
from tests.league.night_factories import night_season, ready_team

pytestmark = pytest.mark.django_db


def test_a_player_answers_for_themselves_and_answering_again_replaces_it():
    u = upcoming()
    me = u.captain_player(u.home)
    first = availability_answer(
        fixture=u.fixture, player=me, answer="coming", via="page", by=u.home_captain
    )
    again = availability_answer(
        fixture=u.fixture, player=me, answer="not_coming", via="page", by=u.home_captain
    )
    assert first.pk == again.pk
    row = Availability.objects.get()
    assert (row.answer, row.team, row.via) == ("not_coming", u.home, "page")


def test_the_captain_answers_for_a_player_who_told_them_in_person():
    u = upcoming()
    row = availability_answer(
        fixture=u.fixture, player=u.mate(u.home), answer="maybe", via="page", by=u.home_captain
    )
    assert row.answer == "maybe"


def test_the_leagues_manager_answers_for_anyone_in_the_fixture():
    u = upcoming()
    manager = manager_user(league=u.season.league)
    availability_answer(
        fixture=u.fixture, player=u.mate(u.away), answer="coming", via="page", by=manager
    )
    assert Availability.objects.get().team == u.away


@pytest.mark.parametrize("who", ["other_captain", "teammate", "other_manager", "nobody"])
def test_nobody_else_answers_for_a_player(who):
    u = upcoming()
    target = u.mate(u.home)
    users = {
        "other_captain": u.away_captain,
        "teammate": UserFactory(),
        "other_manager": manager_user(league=night_season().league),
        "nobody": None,
    }
    if who == "teammate":
        RosterEntryFactory(team=u.home, player=PlayerFactory(user=users["teammate"]))
    with pytest.raises(PermissionDenied):
        availability_answer(
            fixture=u.fixture, player=target, answer="coming", via="page", by=users[who]
        )
    assert not Availability.objects.exists()


def test_a_link_or_a_text_answers_without_a_signed_in_user():
    u = upcoming()
    availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="coming", via="link")
    availability_answer(fixture=u.fixture, player=u.mate(u.away), answer="maybe", via="text")
    assert Availability.objects.count() == 2


def test_an_unknown_answer_is_refused():
    u = upcoming()
    with pytest.raises(ValidationError, match="coming, not coming or maybe"):
        availability_answer(
            fixture=u.fixture, player=u.mate(u.home), answer="yes", via="page", by=u.home_captain
        )
    assert not Availability.objects.exists()


def test_a_player_of_neither_team_is_refused():
    u = upcoming()
    _, third = ready_team(u.season, "Third")
    stranger = third.roster.first().player
    with pytest.raises(ValidationError, match="isn't on the roster"):
        availability_answer(fixture=u.fixture, player=stranger, answer="coming", via="link")


@pytest.mark.parametrize(
    "status", [Fixture.Status.CANCELLED, Fixture.Status.POSTPONED, Fixture.Status.PLAYED]
)
def test_a_fixture_that_wont_be_played_as_scheduled_is_refused(status):
    u = upcoming()
    Fixture.objects.filter(pk=u.fixture.pk).update(status=status)
    with pytest.raises(ValidationError, match="nothing to answer"):
        availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="coming", via="link")
    assert not Availability.objects.exists()


def test_a_past_fixture_is_refused():
    u = upcoming(days=-7)
    with pytest.raises(ValidationError, match="already started"):
        availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="coming", via="link")


def test_a_regular_who_left_before_the_night_is_not_on_its_roster():
    u = upcoming()
    RosterEntry.objects.filter(player=u.mate(u.home)).update(
        ends_on=timezone.localdate() + datetime.timedelta(days=1)
    )
    with pytest.raises(ValidationError, match="isn't on the roster"):
        availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="coming", via="link")


def test_a_sub_for_this_fixture_answers_and_a_sub_for_another_does_not():
    u = upcoming()
    other = fixture_on(u.season, u.home, u.away, days=10, week=10)
    sub = PlayerFactory()
    RosterEntryFactory(team=u.home, player=sub, role="sub", fixture=u.fixture)
    late = PlayerFactory()
    RosterEntryFactory(team=u.home, player=late, role="sub", fixture=other)
    availability_answer(fixture=u.fixture, player=sub, answer="coming", via="link")
    with pytest.raises(ValidationError):
        availability_answer(fixture=u.fixture, player=late, answer="coming", via="link")


def test_an_unapproved_sub_answers_only_through_the_sub_finder():
    u = upcoming()
    sub = PlayerFactory()
    RosterEntryFactory(team=u.home, player=sub, role="sub", fixture=u.fixture, approved=False)
    with pytest.raises(ValidationError):
        availability_answer(fixture=u.fixture, player=sub, answer="coming", via="link")
    row = availability_answer(fixture=u.fixture, player=sub, answer="coming", via="sub")
    assert (row.team, row.via) == (u.home, "sub")


def test_a_bye_is_refused():
    u = upcoming()
    bye = Fixture.objects.create(
        season=u.season, week=10, date=u.fixture.date, home=u.home, away=None
    )
    with pytest.raises(ValidationError, match="bye"):
        availability_answer(fixture=bye, player=u.mate(u.home), answer="coming", via="link")
