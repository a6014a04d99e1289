"""A night cancelled through the league service, delivered by a real Celery worker on Redis."""

import collections
import os
import time
from contextlib import contextmanager

import pytest
import sms
from celery.contrib.testing.worker import start_worker
from django.core import mail

from config.celery import app
from league.cancellations.models import Cancellation
from league.cancellations.services import night_cancel
from notices import delivery, tasks
from notices.models import Notice, OutboxMessage
from tests.factories import manager_user
from tests.league.cancellation_factories import (
    captains,
    night,
    opt_in_to_texts,
    players_of,
    published_season,
)
from tests.league.factories import TUESDAY
from tests.notices.factories import SubscriptionFactory
from wording.when import day

pytestmark = [pytest.mark.needs_redis, pytest.mark.django_db(transaction=True)]


CLOSED_PORT_BROKER = "redis://127.0.0.1:1/0"


@contextmanager
def broker_at(url: str):
    """Point our app's producers at `url`, not eager (the app caches its connection pools)."""
    keys = ("broker_url", "task_always_eager", "task_publish_retry")
    saved = {key: app.conf[key] for key in keys}
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
def real_worker():
    """Our Celery app on the Redis broker with a worker thread consuming."""
    with broker_at(os.environ["CELERY_BROKER_URL"]):
        app.control.purge()
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            yield


def _cancel_tuesday(season) -> Cancellation:
    return night_cancel(
        season=season,
        date=TUESDAY,
        scope=Cancellation.Scope.NIGHT,
        reason=Cancellation.Reason.WEATHER,
        details="Ice storm.",
        user=manager_user(),
    )


def wait_for_delivery(notice: Notice, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not notice.messages.exclude(status=OutboxMessage.Status.SENT).exists():
            return
        time.sleep(0.1)
    states = collections.Counter(notice.messages.values_list("status", flat=True))
    raise AssertionError(f"Not delivered within {timeout}s: {dict(states)}")


def test_a_cancelled_night_reaches_every_player_by_email_and_text_exactly_once():
    season = published_season()
    everyone = captains(season)
    for number, captain in enumerate(everyone[::2]):
        opt_in_to_texts(captain, f"+1317555{number:04d}")
    subscriber = SubscriptionFactory(
        league=season.league, by_sms=True, player__phone="+13175559999"
    ).player
    with real_worker():
        cancellation = _cancel_tuesday(season)
        notice = Notice.objects.get(source__cancellation=cancellation.pk)
        wait_for_delivery(notice)
        # A duplicated task and a sweep find nothing left to send.
        tasks.deliver_notice.delay(notice.pk)
        tasks.sweep_outbox.delay()
        time.sleep(1.5)
    assert len(night(season)) == cancellation.fixtures.count() == 4

    emails = collections.Counter(m.to[0] for m in mail.outbox)
    expected_emails = {p.email for p in players_of(night(season))} | {subscriber.email}
    assert emails == {address: 1 for address in expected_emails}
    texts = collections.Counter(tuple(m.recipients) for m in sms.outbox)
    expected_texts = {f"+1317555{n:04d}" for n in range(4)} | {"+13175559999"}
    assert texts == {(number,): 1 for number in expected_texts}

    assert {m.subject for m in mail.outbox} == {f"Play cancelled {day(TUESDAY)} — weather"}
    assert all("Ice storm." in m.body for m in mail.outbox)
    assert all(m.body.startswith(f"{season.league.name}: ") for m in sms.outbox)
    assert set(notice.messages.values_list("status", flat=True)) == {OutboxMessage.Status.SENT}


def test_a_broker_outage_while_cancelling_loses_no_notice():
    season = published_season()
    with broker_at(CLOSED_PORT_BROKER):
        app.conf.task_publish_retry = False
        cancellation = _cancel_tuesday(season)  # commits; queuing fails and is logged
    notice = Notice.objects.get(source__cancellation=cancellation.pk)
    assert cancellation.fixtures.count() == 4
    assert set(notice.messages.values_list("status", flat=True)) == {OutboxMessage.Status.PENDING}
    assert mail.outbox == [] and sms.outbox == []
    # The broker is back and the minute the sweep gives a task has gone by: beat sends it.
    notice.messages.update(
        available_at=notice.created_at - delivery.REQUEUE_AFTER,
        queued_at=notice.created_at - delivery.REQUEUE_AFTER,
    )
    with real_worker():
        tasks.sweep_outbox.delay()
        wait_for_delivery(notice)
        tasks.sweep_outbox.delay()
        time.sleep(1.5)
    emails = collections.Counter(m.to[0] for m in mail.outbox)
    assert emails == {p.email: 1 for p in players_of(night(season))}
