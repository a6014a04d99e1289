"""The waiver reminders moved from notices to the league, keeping their beat entry and task."""

import pytest
from django_celery_beat.models import PeriodicTask

from league.beat import WAIVER_TASK, ensure_periodic_tasks

pytestmark = pytest.mark.django_db


def test_migrations_schedule_the_reminders_daily_under_their_old_names():
    reminders = PeriodicTask.objects.get(name=WAIVER_TASK)
    assert WAIVER_TASK == "notices: waiver reminders"
    assert reminders.task == "notices.tasks.send_waiver_reminders"
    assert (reminders.crontab.hour, reminders.crontab.minute) == ("10", "0")


def test_ensuring_again_keeps_a_managers_changes():
    PeriodicTask.objects.filter(name=WAIVER_TASK).update(enabled=False)
    ensure_periodic_tasks()
    assert PeriodicTask.objects.filter(name__startswith="notices:").count() == 2
    assert not PeriodicTask.objects.get(name=WAIVER_TASK).enabled


def test_the_old_task_name_runs_the_leagues_reminders():
    from config.celery import app
    from league.tasks import send_waiver_reminders

    app.loader.import_default_modules()
    assert send_waiver_reminders.name == "notices.tasks.send_waiver_reminders"
    assert app.tasks["notices.tasks.send_waiver_reminders"].__module__ == "league.tasks"
