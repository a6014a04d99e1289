import pytest
from django_celery_beat.models import PeriodicTask

from notices.beat import SWEEP_TASK, ensure_periodic_tasks

pytestmark = pytest.mark.django_db


def test_migrations_schedule_the_sweep_every_minute():
    sweep = PeriodicTask.objects.get(name=SWEEP_TASK)
    assert sweep.task == "notices.tasks.sweep_outbox"
    assert (sweep.interval.every, sweep.interval.period) == (1, "minutes")
    assert sweep.enabled


def test_ensuring_again_keeps_a_managers_changes():
    PeriodicTask.objects.filter(name=SWEEP_TASK).update(enabled=False)
    ensure_periodic_tasks()
    assert PeriodicTask.objects.filter(name=SWEEP_TASK).count() == 1
    assert not PeriodicTask.objects.get(name=SWEEP_TASK).enabled


def test_the_scheduled_tasks_exist():
    """Every "notices:" entry, the league's waiver reminders included, names a real task."""
    from config.celery import app

    app.loader.import_default_modules()
    tasks = PeriodicTask.objects.filter(name__startswith="notices:")
    assert tasks.count() == 2
    for task in tasks:
        assert task.task in app.tasks
