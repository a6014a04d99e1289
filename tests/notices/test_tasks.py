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
    """As if the time the sweep gives a task had passed."""
    earlier = timezone.now() - delivery.REQUEUE_AFTER - datetime.timedelta(seconds=1)
    OutboxMessage.objects.update(available_at=earlier, queued_at=earlier)


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


def _capture_later(monkeypatch) -> list[tuple[list[int], int]]:
    """Batches queued for later (ids, countdown), instead of running them."""
    later: list[tuple[list[int], int]] = []
    now = tasks.deliver_batch.apply_async

    def apply_async(args=None, kwargs=None, countdown=None, **options):
        if countdown is None:
            return now(args, kwargs, **options)
        later.append((args[0], countdown))

    monkeypatch.setattr(tasks.deliver_batch, "apply_async", apply_async)
    return later


def _lease_left(seconds: float) -> datetime.datetime:
    return timezone.now() - delivery.CLAIM_LEASE + datetime.timedelta(seconds=seconds)


def test_a_batch_finding_rows_under_another_lease_looks_again_when_it_ends(monkeypatch):
    """A redelivered task whose worker died: its rows go out when the dead lease runs out."""
    notice = send_notice(recipients=recipients(3, sms=False))
    a, b, c = notice.messages.order_by("pk").values_list("pk", flat=True)
    OutboxMessage.objects.filter(pk__in=[a, b]).update(
        status=Status.SENDING, attempts=1, claimed_at=_lease_left(20)
    )
    later = _capture_later(monkeypatch)
    assert tasks.deliver_batch.run([a, b, c]) == 1
    (ids, countdown), *more = later
    assert (ids, more) == ([a, b], [])
    assert 20 <= countdown <= 22
    # When it runs the lease has run out (the worker is dead): the rows go out.
    OutboxMessage.objects.filter(pk__in=[a, b]).update(claimed_at=_lease_left(-1))
    assert tasks.deliver_batch.run(ids) == 2
    assert sorted(m.to[0] for m in mail.outbox) == [f"r{i}@example.com" for i in range(3)]


def test_a_sweep_after_a_worker_connects_queues_what_the_broker_may_have_lost(monkeypatch):
    notice = send_notice(recipients=recipients(4, sms=False))
    fresh, queued, held, _ = notice.messages.order_by("pk").values_list("pk", flat=True)
    OutboxMessage.objects.filter(pk=queued).update(queued_at=timezone.now())
    OutboxMessage.objects.filter(pk=held).update(
        status=Status.SENDING, attempts=1, claimed_at=_lease_left(10)
    )
    OutboxMessage.objects.exclude(pk__in=[fresh, queued, held]).update(
        status=Status.SENT, sent_at=timezone.now()
    )
    later = _capture_later(monkeypatch)
    # The periodic sweep leaves all three to their tasks and lease.
    assert tasks.sweep_outbox.delay().get() == 0
    assert mail.outbox == [] and later == []
    # After a (re)connection it sends the two pending rows and looks at the lease's end.
    assert tasks.sweep_outbox.delay(restarted=True).get() == 3
    assert sorted(m.to[0] for m in mail.outbox) == ["r0@example.com", "r1@example.com"]
    ((ids, countdown),) = later
    assert ids == [held] and 10 <= countdown <= 12


def test_the_rows_handed_to_the_broker_are_marked_queued_the_rest_are_not(monkeypatch):
    monkeypatch.setattr(delivery, "CHUNK_SIZE", 2)
    notice = send_notice(recipients=recipients(5, sms=False))
    calls = []

    def flaky_delay(ids):
        calls.append(ids)
        if len(calls) > 2:
            _broker_down()

    monkeypatch.setattr(tasks.deliver_batch, "delay", flaky_delay)
    long_ago = timezone.now() - datetime.timedelta(minutes=5)
    notice.messages.update(queued_at=long_ago)  # what the sweep finds
    assert tasks.queue_batches(list(notice.messages.values_list("pk", flat=True))) == 4
    rows = notice.messages.order_by("pk").values_list("queued_at", flat=True)
    assert [queued > long_ago for queued in rows] == [True, True, True, True, False]
