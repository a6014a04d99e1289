"""A real Celery worker consuming from Redis (CI sets CELERY_BROKER_URL)."""

import os

import pytest
from django.core import mail

from accounts.tasks import send_password_changed_notice
from config.celery import app
from tests.factories import UserFactory

pytestmark = [pytest.mark.needs_redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def celery_config():
    broker = os.environ.get("CELERY_BROKER_URL", "")
    return {
        "broker_url": broker,
        "result_backend": os.environ.get("CELERY_RESULT_BACKEND", broker),
        "task_always_eager": False,
    }


@pytest.fixture
def redis_worker(celery_config):
    """Our own Celery app, pointed at Redis, with a worker thread consuming from it."""
    from celery.contrib.testing.worker import start_worker

    app.conf.update(celery_config)
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10) as worker:
        yield worker


def test_a_real_worker_delivers_the_password_notice_through_redis(redis_worker):
    user = UserFactory()
    result = send_password_changed_notice.delay(user.pk)
    assert result.get(timeout=20) is True
    assert [m.to for m in mail.outbox] == [[user.email]]
