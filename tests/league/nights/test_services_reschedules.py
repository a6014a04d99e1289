"""Reschedule requests: one captain asks to move a published fixture, the other answers."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.nights.services import reschedules
from league.seasons import services
from league.seasons.models import Fixture, RescheduleRequest
from tests.factories import UserFactory
from tests.league.factories import TUESDAY, make_season

WEEK = datetime.timedelta(weeks=1)

pytestmark = pytest.mark.django_db


@pytest.fixture
def scheduled():
    season = make_season(teams_per_level=(4,), tables=2, weeks=3)
    services.season_generate_schedule(season=season)
    return season


@pytest.fixture
def published(scheduled):
    services.season_publish_schedule(season=scheduled)
    scheduled.refresh_from_db()
    fixture = scheduled.fixtures.filter(week=3).first()
    return scheduled, fixture


def _ask(fixture, days=2, reason="Our captain is away", **kwargs):
    return reschedules.reschedule_request_create(
        fixture=fixture,
        team=fixture.home,
        by=UserFactory(),
        proposed_date=max(fixture.date, timezone.localdate()) + datetime.timedelta(days=days),
        reason=reason,
        **kwargs,
    )


def test_the_opposing_captain_accepts_and_the_fixture_moves(published):
    _, fixture = published
    request = _ask(fixture)
    reschedules.reschedule_request_respond(
        request=request, team=fixture.away, by=UserFactory(), accept=True, note="fine"
    )
    fixture.refresh_from_db()
    request.refresh_from_db()
    assert fixture.date == request.proposed_date and fixture.original_date == TUESDAY + 2 * WEEK
    assert (request.status, request.response_note) == ("accepted", "fine")


def test_a_declined_request_leaves_the_fixture_alone(published):
    _, fixture = published
    request = _ask(fixture)
    reschedules.reschedule_request_respond(
        request=request, team=fixture.away, by=None, accept=False
    )
    fixture.refresh_from_db()
    assert fixture.original_date is None
    assert RescheduleRequest.objects.get().status == "declined"
    with pytest.raises(ValidationError, match="already been answered"):
        reschedules.reschedule_request_respond(
            request=request, team=fixture.away, by=None, accept=True
        )


def test_only_the_opposing_team_answers_and_only_the_asking_team_withdraws(published):
    _, fixture = published
    request = _ask(fixture)
    with pytest.raises(ValidationError, match="opposing captain"):
        reschedules.reschedule_request_respond(
            request=request, team=fixture.home, by=None, accept=True
        )
    with pytest.raises(ValidationError, match="team that asked"):
        reschedules.reschedule_request_withdraw(request=request, team=fixture.away)
    reschedules.reschedule_request_withdraw(request=request, team=fixture.home)
    assert RescheduleRequest.objects.get().status == "withdrawn"


def test_one_request_waits_at_a_time_and_it_must_make_sense(published):
    season, fixture = published
    _ask(fixture)
    with pytest.raises(ValidationError, match="already has a request"):
        _ask(fixture, days=3)
    other = season.fixtures.filter(week=2, away__isnull=False).first()
    with pytest.raises(ValidationError, match="hasn't passed"):
        reschedules.reschedule_request_create(
            fixture=other,
            team=other.home,
            by=None,
            proposed_date=timezone.localdate() - datetime.timedelta(days=1),
            reason="x",
        )
    with pytest.raises(ValidationError, match="why"):
        reschedules.reschedule_request_create(
            fixture=other,
            team=other.home,
            by=None,
            proposed_date=timezone.localdate() + datetime.timedelta(days=30),
            reason=" ",
        )


def test_an_accepted_move_gives_up_a_table_already_taken_that_day(published):
    season, fixture = published
    target = timezone.localdate() + datetime.timedelta(days=60)
    busy = season.fixtures.filter(week=3, away__isnull=False).exclude(pk=fixture.pk).get()
    Fixture.objects.filter(pk=busy.pk).update(date=target, table=fixture.table)
    request = reschedules.reschedule_request_create(
        fixture=fixture, team=fixture.home, by=None, proposed_date=target, reason="Travel"
    )
    reschedules.reschedule_request_respond(request=request, team=fixture.away, by=None, accept=True)
    fixture.refresh_from_db()
    assert fixture.date == target and fixture.table is None


def test_a_draft_schedule_takes_no_requests(scheduled):
    fixture = scheduled.fixtures.filter(away__isnull=False).first()
    with pytest.raises(ValidationError, match="isn't published"):
        _ask(fixture)


def test_a_day_outside_the_date_window_is_refused(published):
    _, fixture = published
    with pytest.raises(ValidationError, match="Pick a date between Sat 1 Jan 2000 and"):
        reschedules.reschedule_request_create(
            fixture=fixture,
            team=fixture.home,
            by=UserFactory(),
            proposed_date=datetime.date(9999, 12, 31),
            reason="Far away",
        )
    assert not RescheduleRequest.objects.exists()


@pytest.mark.parametrize(
    ("reason", "message"),
    [("r" * 1001, "Keep the reason to 1000"), ("Away\x00", "can't be shown"), (" ", "Say why")],
)
def test_a_reason_too_long_or_with_control_characters_is_refused(published, reason, message):
    _, fixture = published
    with pytest.raises(ValidationError, match=message):
        _ask(fixture, reason=reason)
    assert not RescheduleRequest.objects.exists()


def test_a_reason_keeps_its_line_breaks(published):
    _, fixture = published
    assert _ask(fixture, reason=" Away.\nBack next week. ").reason == "Away.\nBack next week."


def test_an_answers_note_too_long_is_refused_and_nothing_moves(published):
    _, fixture = published
    request = _ask(fixture)
    with pytest.raises(ValidationError, match="Keep the note to 200"):
        reschedules.reschedule_request_respond(
            request=request, team=fixture.away, by=UserFactory(), accept=True, note="n" * 201
        )
    fixture.refresh_from_db()
    request.refresh_from_db()
    assert (fixture.date, request.status) == (TUESDAY + 2 * WEEK, "pending")
