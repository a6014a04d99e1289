"""The nightly ratings rebuild is scheduled by the migrations and calls a real task."""

import pytest
from django_celery_beat.models import PeriodicTask

from people.beat import REBUILD_TASK, ensure_periodic_tasks
from people.tasks import ratings_rebuild

pytestmark = pytest.mark.django_db


def test_the_migrations_schedule_the_nightly_rebuild_at_four():
    entry = PeriodicTask.objects.get(name=REBUILD_TASK)
    assert entry.task == ratings_rebuild.name
    assert (entry.crontab.hour, entry.crontab.minute) == ("4", "0")


def test_scheduling_again_keeps_a_changed_hour():
    entry = PeriodicTask.objects.get(name=REBUILD_TASK)
    entry.crontab.hour = "5"
    entry.crontab.save()
    ensure_periodic_tasks()
    assert PeriodicTask.objects.get(name=REBUILD_TASK).crontab.hour == "5"


def test_the_task_rebuilds_and_says_how_many_games_it_rated():
    assert ratings_rebuild.apply().get() == 0
