"""The periodic retry of card refunds: scheduled by a migration, known to the worker."""

import pytest
from django_celery_beat.models import PeriodicTask

from config.celery import app
from money.payments.beat import RETRY_TASK, TASK, ensure_periodic_tasks

pytestmark = pytest.mark.django_db


def test_the_retry_is_scheduled_and_a_second_run_keeps_a_managers_changes():
    task = PeriodicTask.objects.get(name=RETRY_TASK)
    assert task.task == TASK and task.enabled
    PeriodicTask.objects.filter(pk=task.pk).update(enabled=False)
    ensure_periodic_tasks()
    assert not PeriodicTask.objects.get(name=RETRY_TASK).enabled


def test_the_worker_knows_the_task():
    assert TASK in app.tasks


def test_nothing_waiting_sends_nothing():
    from money.payments.tasks import refunds_send_pending

    assert refunds_send_pending() == 0
