"""A real Celery worker on Redis (CI sets CELERY_BROKER_URL), real concurrent claims, and the
sweep a worker queues when it connects to the broker."""

import collections
import datetime
import os
import threading
import time
import uuid
from contextlib import contextmanager
from types import SimpleNamespace

import pytest
import sms
from celery import Celery
from celery.contrib.testing.worker import start_worker
from celery.signals import celeryd_init, worker_process_init
from django.core import mail
from django.db import connection, transaction
from django.utils import timezone

from config.celery import app
from league.announcements.selectors import captains_of_season, subscribers_of_league
from league.seasons.models import RosterEntry, Team
from notices import delivery, senders, services, tasks
from notices.models import Notice, OutboxMessage
from notices.services import notice_send
from notices.worker import SweepOnConnect, ready_delivery
from tests.notices.factories import SubscriptionFactory, recipients, season_with_captains

Status = OutboxMessage.Status
CLOSED_PORT_BROKER = "redis://127.0.0.1:1/0"


def _broker() -> str:
    return os.environ.get("CELERY_BROKER_URL", "")


@contextmanager
def _broker_at(url: str):
    """Point our app's producers at `url` (the app caches its connection pools)."""
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=url, task_always_eager=False)
    app._pool = None
    app.amqp._producer_pool = None
    try:
        yield
    finally:
        app.conf.update(saved)
        app._pool = None
        app.amqp._producer_pool = None


@contextmanager
def _worker():
    with _broker_at(_broker()):
        app.control.purge()
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            yield


def _wait_until_settled(timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not OutboxMessage.objects.exclude(status=Status.SENT).exists():
            return
        time.sleep(0.1)
    states = collections.Counter(OutboxMessage.objects.values_list("status", flat=True))
    raise AssertionError(f"Outbox not delivered in {timeout}s: {dict(states)}")


def _assert_each_row_delivered_once(notice: Notice) -> None:
    emails = collections.Counter(m.extra_headers["X-Outbox-Message-Id"] for m in mail.outbox)
    texts = collections.Counter(tuple(m.recipients) for m in sms.outbox)
    email_rows = notice.messages.filter(channel="email")
    sms_rows = notice.messages.filter(channel="sms")
    assert emails == {str(pk): 1 for pk in email_rows.values_list("pk", flat=True)}
    assert texts == {(address,): 1 for address in sms_rows.values_list("address", flat=True)}


def _cancel_a_night(season) -> Notice:
    """What the cancellation workflow does: its own writes and the notice, one transaction."""
    with transaction.atomic():
        Team.objects.filter(season=season).update(status=Team.Status.ACTIVE)
        return notice_send(
            kind=Notice.Kind.CANCELLATION,
            subject="Tuesday's league night is cancelled",
            body="Snow: every fixture on Tuesday is off. Makeup dates follow.",
            sms_text="League night Tuesday cancelled (snow).",
            recipients=[*captains_of_season(season), *subscribers_of_league(season.league)],
            announce_league=season.league,
            season=season,
            source={"reason": "weather"},
        )


@pytest.mark.needs_redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_delivers_every_captains_email_and_text_exactly_once():
    season, captains = season_with_captains(20)
    SubscriptionFactory(league=season.league, by_sms=True)
    assert RosterEntry.objects.filter(role="captain").count() == 20
    with _worker():
        notice = _cancel_a_night(season)
        _wait_until_settled()
        # The same notice queued again (a duplicated task) sends nothing more.
        tasks.deliver_notice.delay(notice.pk)
        tasks.sweep_outbox.delay()
        time.sleep(1.5)
    assert notice.messages.filter(channel="email").count() == 21
    assert notice.messages.filter(channel="sms").count() == 11
    _assert_each_row_delivered_once(notice)
    assert {m.to[0] for m in mail.outbox} >= {p.email for p in captains}


@pytest.mark.needs_redis
@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_at_cancellation_time_loses_nothing():
    season, _ = season_with_captains(6)
    with _broker_at(CLOSED_PORT_BROKER):
        app.conf.task_publish_retry = False
        try:
            notice = _cancel_a_night(season)  # commits; queuing fails and is logged
        finally:
            app.conf.task_publish_retry = True
    assert notice.messages.count() == 9
    assert set(notice.messages.values_list("status", flat=True)) == {Status.PENDING}
    assert mail.outbox == [] and sms.outbox == []
    # The minute the sweep gives a task goes by; the broker is back; beat sends the sweep.
    OutboxMessage.objects.update(
        available_at=notice.created_at - delivery.REQUEUE_AFTER,
        queued_at=notice.created_at - delivery.REQUEUE_AFTER,
    )
    with _worker():
        tasks.sweep_outbox.delay()
        _wait_until_settled()
        tasks.sweep_outbox.delay()
        time.sleep(1.5)
    _assert_each_row_delivered_once(notice)


class SlowEmailBackend:
    """Locmem, but each message takes a moment: long enough for claims to collide."""

    def __init__(self, *args, **kwargs):
        from django.core.mail.backends.locmem import EmailBackend

        self._backend = EmailBackend(*args, **kwargs)

    def open(self):
        return self._backend.open()

    def close(self):
        return self._backend.close()

    def send_messages(self, messages):
        time.sleep(0.005)
        return self._backend.send_messages(messages)


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_workers_racing_for_the_same_batch_send_each_message_once(settings, monkeypatch):
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.test_worker.SlowEmailBackend"}}
    monkeypatch.setattr(services, "_queue", lambda *args: None)  # the racers deliver it
    notice = notice_send(
        kind=Notice.Kind.GENERAL,
        subject="Race",
        body="Who sends it?",
        recipients=recipients(60, sms=False),
    )
    ids = list(notice.messages.values_list("pk", flat=True))
    sent: list[list[int]] = []
    errors: list[Exception] = []
    start = threading.Barrier(4)

    def worker(batch: list[int]) -> None:
        try:
            start.wait()
            sent.append(delivery.outbox_deliver(batch).sent)
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(order,)) for order in (ids, ids[::-1]) * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(pk for batch in sent for pk in batch) == sorted(ids)
    assert len(mail.outbox) == 60
    assert len({m.extra_headers["X-Outbox-Message-Id"] for m in mail.outbox}) == 60


def _race(batches_a: list[list[int]], batches_b: list[list[int]]) -> list[int]:
    """Two workers delivering their batches at the same moment; returns every row sent."""
    sent: list[int] = []
    errors: list[Exception] = []
    start = threading.Barrier(2)

    def worker(batches: list[list[int]]) -> None:
        try:
            start.wait()
            for batch in batches:
                sent.extend(delivery.outbox_deliver(batch).sent)
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(b,)) for b in (batches_a, batches_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return sent


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("left_by", ["fan-out", "dead worker"])
def test_two_workers_claiming_overlapping_full_batches_send_each_message_once(
    left_by, settings, monkeypatch
):
    """The bulk path: full batches each marked sent in one UPDATE, cut differently by each
    worker, over rows that are pending or under the expired lease of a dead worker."""
    settings.MAILERS = {"default": {"BACKEND": "tests.notices.test_worker.SlowEmailBackend"}}
    monkeypatch.setattr(services, "_queue", lambda *args: None)
    notice = notice_send(
        kind=Notice.Kind.GENERAL,
        subject="Race",
        body="Who sends it?",
        recipients=recipients(200, sms=True),
    )
    ids = list(notice.messages.order_by("pk").values_list("pk", flat=True))
    if left_by == "dead worker":
        notice.messages.update(
            status=Status.SENDING,
            attempts=1,
            claim_token=uuid.uuid4(),
            claimed_at=timezone.now() - delivery.CLAIM_LEASE - datetime.timedelta(seconds=1),
        )
    rotated = ids[130:] + ids[:130]
    sent = _race(delivery.chunks(ids), delivery.chunks(rotated[::-1], 120))
    assert sorted(sent) == ids
    emails = collections.Counter(m.extra_headers["X-Outbox-Message-Id"] for m in mail.outbox)
    texts = collections.Counter(tuple(m.recipients) for m in sms.outbox)
    assert len(emails) == len(texts) == 200
    assert set(emails.values()) == set(texts.values()) == {1}
    assert set(notice.messages.values_list("status", "attempts")) == {
        (Status.SENT, 1 if left_by == "fan-out" else 2)
    }


def test_a_celery_worker_starting_adds_the_sweep_to_its_consumer():
    other = Celery("other")
    celeryd_init.send(sender="w@host", instance=SimpleNamespace(app=other), conf=None, options={})
    assert SweepOnConnect in other.steps["consumer"]


def test_each_worker_process_readies_delivery_as_it_starts(monkeypatch, caplog):
    assert "notices.ready_delivery" in {key[0] for key, _ in worker_process_init.receivers}
    readied = []
    monkeypatch.setattr(senders, "warm_up", lambda: readied.append(True))
    ready_delivery()
    assert readied == [True]

    def broken():
        raise RuntimeError("no URL map")

    monkeypatch.setattr(senders, "warm_up", broken)
    ready_delivery()  # the first batch will do it instead
    assert "Readying delivery failed" in caplog.text


def test_connecting_queues_a_sweep_of_what_the_broker_may_have_lost(monkeypatch):
    asked = []
    monkeypatch.setattr(tasks.sweep_outbox, "apply_async", lambda **options: asked.append(options))
    SweepOnConnect(SimpleNamespace()).start(SimpleNamespace())
    assert asked == [{"kwargs": {"restarted": True}, "expires": 120}]


def test_a_broker_refusing_that_sweep_does_not_stop_the_worker(monkeypatch, caplog):
    def refuse(**options):
        raise ConnectionError("broker gone again")

    monkeypatch.setattr(tasks.sweep_outbox, "apply_async", refuse)
    SweepOnConnect(SimpleNamespace()).start(SimpleNamespace())
    assert "periodic one will run" in caplog.text


@pytest.mark.needs_redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_connecting_sends_what_a_broker_restarted_empty_lost(monkeypatch):
    """The rows were handed to the broker a moment ago (queued_at is fresh), then the
    broker lost them: the periodic sweep would wait a minute, the worker's doesn't."""
    monkeypatch.setattr(services, "_queue", lambda *args: None)
    notice = notice_send(
        kind=Notice.Kind.GENERAL, subject="Lost", body="Found.", recipients=recipients(5)
    )
    delivery.mark_queued(list(notice.messages.values_list("pk", flat=True)))
    app.steps["consumer"].add(SweepOnConnect)
    try:
        with _worker():
            _wait_until_settled(timeout=30)
    finally:
        app.steps["consumer"].discard(SweepOnConnect)
    _assert_each_row_delivered_once(notice)
