"""The delivery tasks, run eagerly (the worker tests run them on a real worker)."""

import datetime

import pytest
import sms
from django.core import mail
from django.utils import timezone
from kombu.exceptions import OperationalError

from notices import delivery, tasks
from notices.models import OutboxMessage
from tests.notices.backends import FlakyEmailBackend
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db

Status = OutboxMessage.Status


def _backdate() -> None:
    """As if the minute the sweep waits had passed."""
    OutboxMessage.objects.update(available_at=timezone.now() - datetime.timedelta(minutes=2))


def _broker_down(*args, **kwargs):
    raise OperationalError("Error 111 connecting to 127.0.0.1:6399. Connection refused.")


def test_a_notice_is_delivered_in_batches(django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr(delivery, "CHUNK_SIZE", 4)
    batches = []
    real_delay = tasks.deliver_batch.delay
    monkeypatch.setattr(
        tasks.deliver_batch, "delay", lambda ids: batches.append(ids) or real_delay(ids)
    )
    with django_capture_on_commit_callbacks(execute=True):
        notice = send_notice(recipients=recipients(5))
    assert [len(batch) for batch in batches] == [4, 4, 2]
    assert len(mail.outbox) == 5 and len(sms.outbox) == 5
    assert set(notice.messages.values_list("status", flat=True)) == {Status.SENT}


def test_failures_are_retried_until_they_fail_for_good(
    settings, django_capture_on_commit_callbacks
):
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.backends.FailingEmailBackend"}}
    with django_capture_on_commit_callbacks(execute=True):
        notice = send_notice(recipients=recipients(2))
    email = notice.messages.filter(channel="email")
    assert set(email.values_list("status", "attempts")) == {(Status.FAILED, 5)}
    assert "451 mailbox unavailable" in email.first().last_error
    # The texts of the same notice were not held up.
    assert len(sms.outbox) == 2


def test_a_retry_asks_celery_for_the_backoff(settings, monkeypatch):
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.backends.FailingEmailBackend"}}
    notice = send_notice(recipients=recipients(1, sms=False))
    asked = {}

    class Retried(Exception):
        pass

    def retry(**kwargs):
        asked.update(kwargs)
        return Retried()

    monkeypatch.setattr(tasks.deliver_batch, "retry", retry)
    ids = list(notice.messages.values_list("pk", flat=True))
    with pytest.raises(Retried):
        tasks.deliver_batch.run(ids)
    assert asked == {"args": (ids,), "countdown": 30}


def test_a_flaky_provider_gets_a_second_try(settings, django_capture_on_commit_callbacks):
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.backends.FlakyEmailBackend"}}
    FlakyEmailBackend.failures = 1
    with django_capture_on_commit_callbacks(execute=True):
        notice = send_notice(recipients=recipients(1, sms=False))
    message = notice.messages.get()
    assert (message.status, message.attempts, message.last_error) == (Status.SENT, 2, "")
    assert len(mail.outbox) == 1


def test_a_broker_outage_at_notice_time_loses_nothing(
    django_capture_on_commit_callbacks, monkeypatch
):
    with monkeypatch.context() as outage:
        outage.setattr(tasks.deliver_notice, "delay", _broker_down)
        with django_capture_on_commit_callbacks(execute=True):
            notice = send_notice(recipients=recipients(3))
    assert set(notice.messages.values_list("status", flat=True)) == {Status.PENDING}
    assert mail.outbox == [] and sms.outbox == []
    _backdate()
    assert tasks.sweep_outbox.delay().get() == 6
    assert tasks.sweep_outbox.delay().get() == 0
    assert sorted(m.to[0] for m in mail.outbox) == [f"r{i}@example.com" for i in range(3)]
    assert len(sms.outbox) == 3


def test_a_broker_failing_halfway_through_the_fan_out_loses_nothing(
    django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(delivery, "CHUNK_SIZE", 2)
    real_delay = tasks.deliver_batch.delay
    calls = []

    def flaky_delay(ids):
        calls.append(ids)
        if len(calls) > 1:
            _broker_down()
        return real_delay(ids)

    with monkeypatch.context() as outage:
        outage.setattr(tasks.deliver_batch, "delay", flaky_delay)
        with django_capture_on_commit_callbacks(execute=True):
            notice = send_notice(recipients=recipients(3, sms=False))
    assert notice.messages.filter(status=Status.SENT).count() == 2
    _backdate()
    tasks.sweep_outbox.delay()
    assert len(mail.outbox) == 3
    assert len({m.to[0] for m in mail.outbox}) == 3


def test_the_sweep_finishes_what_a_dead_worker_left_mid_batch():
    notice = send_notice(recipients=recipients(2, sms=False))
    OutboxMessage.objects.update(
        status=Status.SENDING,
        attempts=1,
        claimed_at=timezone.now() - datetime.timedelta(minutes=10),
    )
    assert tasks.sweep_outbox.delay().get() == 2
    assert set(notice.messages.values_list("status", "attempts")) == {(Status.SENT, 2)}
    assert len(mail.outbox) == 2


def test_a_notice_task_run_twice_sends_once(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        notice = send_notice(recipients=recipients(2))
    tasks.deliver_notice.delay(notice.pk)
    tasks.deliver_notice.delay(notice.pk)
    message = notice.messages.first()
    tasks.deliver_message.delay(message.pk)
    assert len(mail.outbox) == 2 and len(sms.outbox) == 2
