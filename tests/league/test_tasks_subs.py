"""The hourly job of the sub finder: scheduled in beat, and it closes what went stale."""

import pytest
from django_celery_beat.models import PeriodicTask

from league import tasks
from league.beat import SUBS_TASK
from league.seasons.models import Fixture
from league.subs import services
from league.subs.models import SubRequest
from tests.league.subs.factories import fixture_ahead, volunteer

pytestmark = pytest.mark.django_db


def test_the_closing_job_is_scheduled_every_hour():
    entry = PeriodicTask.objects.get(name=SUBS_TASK)
    assert entry.task == "league.tasks.close_stale_sub_requests"
    assert (entry.crontab.minute, entry.crontab.hour) == ("0", "*")


def test_the_job_closes_a_request_whose_fixture_was_postponed_and_nothing_twice():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    request = services.sub_request_create(
        fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain
    )
    Fixture.objects.filter(pk=ahead.fixture.pk).update(status=Fixture.Status.POSTPONED)
    assert tasks.close_stale_sub_requests.delay().get() == 1
    assert tasks.close_stale_sub_requests.delay().get() == 0
    request.refresh_from_db()
    assert request.status == SubRequest.Status.CLOSED
