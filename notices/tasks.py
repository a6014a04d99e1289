"""Celery tasks that deliver the outbox. Each is idempotent: running one twice sends nothing twice.

`deliver_notice` fans a notice out into batches; `deliver_batch` claims and sends
one batch; `sweep_outbox` (every minute, from django-celery-beat, and whenever a
worker connects to the broker: `notices.worker`) queues what a broker outage or a
dead worker left behind.
"""

import logging
import math
from datetime import datetime

from celery import Task, shared_task
from django.utils import timezone

from notices import delivery
from notices.text_backends import texts_prune

logger = logging.getLogger(__name__)


def queue_batches(message_ids: list[int], *, mark: bool = True) -> int:
    """Hand the rows to workers a batch per task; returns how many rows were queued.

    Stops at the first broker error: the rows not handed over stay pending for the sweep.
    With `mark`, the rows handed over are marked queued in one UPDATE at the end (a crash
    before it only makes the sweep queue them once more, which the claim makes harmless);
    a notice's rows were marked when they were written.
    """
    queued: list[int] = []
    for batch in delivery.chunks(message_ids):
        try:
            deliver_batch.delay(batch)
        except Exception:
            logger.exception("The broker refused a delivery batch; the sweep will retry it")
            break
        queued.extend(batch)
    if mark:
        delivery.mark_queued(queued)
    return len(queued)


def queue_when_free(held: list[tuple[int, datetime]]) -> int:
    """Queue rows another claim holds for the moment that claim's lease runs out.

    If its worker is alive it renews the lease and the task finds nothing to take; if
    it died, the task takes the rows over. Returns how many rows were queued.
    """
    queued = 0
    for batch in delivery.chunks(held):
        until = max(lease_end for _, lease_end in batch)
        countdown = max(1, math.ceil((until - timezone.now()).total_seconds()) + 1)
        try:
            deliver_batch.apply_async(([pk for pk, _ in batch],), countdown=countdown)
        except Exception:
            logger.exception("The broker refused a delivery batch; the sweep will retry it")
            break
        queued += len(batch)
    return queued


@shared_task(acks_late=True, ignore_result=True)
def deliver_notice(notice_id: int) -> int:
    """Queue delivery of every pending message of the notice."""
    return queue_batches(delivery.due_message_ids(notice_id=notice_id), mark=False)


def _deliver(task: Task, message_ids: list[int], *, retry_args: tuple | None = None) -> int:
    result = delivery.outbox_deliver(message_ids)
    sent = len(result.sent)
    if task.request.is_eager:
        # Run in-process (the demo, no broker): no worker comes back later, so try
        # again now until every message is sent or has failed for good.
        while result.retry:
            result = delivery.outbox_deliver(result.retry)
            sent += len(result.sent)
        return sent
    if result.held and result.held_until is not None:
        # Another claim holds some rows (a redelivered task whose worker died, a
        # duplicate): look again when its lease runs out rather than at the next sweep.
        queue_when_free([(pk, result.held_until) for pk in result.held])
    if result.retry:
        raise task.retry(args=retry_args or (result.retry,), countdown=result.retry_in)
    return sent


@shared_task(bind=True, acks_late=True, max_retries=None, ignore_result=True)
def deliver_batch(self, message_ids: list[int]) -> int:  # type: ignore[no-untyped-def]
    """Claim and send a batch; failures are retried with exponential backoff."""
    return _deliver(self, message_ids)


@shared_task(bind=True, acks_late=True, max_retries=None, ignore_result=True)
def deliver_message(self, message_id: int) -> int:  # type: ignore[no-untyped-def]
    """Claim and send one message (a resend from the outbox page), with the same retries."""
    return _deliver(self, [message_id], retry_args=(message_id,))


@shared_task(ignore_result=True)
def sweep_outbox(restarted: bool = False) -> int:
    """Queue pending rows no task is taking care of, and rows whose lease ran out; delete
    the database backend's texts past their keep.

    `restarted`: a worker has just connected to the broker (it started, or the broker came
    back). Tasks handed to the broker before may be gone, so every due row is queued,
    and rows under a lease are queued for when it runs out (their worker may be dead).
    """
    abandoned = delivery.outbox_fail_abandoned()
    if abandoned:
        logger.warning("%s outbox messages failed after their worker stopped", abandoned)
    texts_prune()
    queued = queue_batches(delivery.due_message_ids(restarted=restarted))
    if restarted:
        queued += queue_when_free(delivery.held_rows())
    return queued
