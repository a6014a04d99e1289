import pytest
from django_celery_beat.models import PeriodicTask

from notices.beat import SWEEP_TASK, WAIVER_TASK, ensure_periodic_tasks

pytestmark = pytest.mark.django_db


def test_migrations_schedule_the_sweep_every_minute_and_the_reminders_daily():
    sweep = PeriodicTask.objects.get(name=SWEEP_TASK)
    assert sweep.task == "notices.tasks.sweep_outbox"
    assert (sweep.interval.every, sweep.interval.period) == (1, "minutes")
    assert sweep.enabled
    reminders = PeriodicTask.objects.get(name=WAIVER_TASK)
    assert reminders.task == "notices.tasks.send_waiver_reminders"
    assert (reminders.crontab.hour, reminders.crontab.minute) == ("10", "0")


def test_ensuring_again_keeps_a_managers_changes():
    PeriodicTask.objects.filter(name=WAIVER_TASK).update(enabled=False)
    ensure_periodic_tasks()
    assert PeriodicTask.objects.filter(name__startswith="notices:").count() == 2
    assert not PeriodicTask.objects.get(name=WAIVER_TASK).enabled


def test_the_scheduled_tasks_exist():
    from config.celery import app

    app.loader.import_default_modules()
    for task in PeriodicTask.objects.filter(name__startswith="notices:"):
        assert task.task in app.tasks
