"""Celery tasks that deliver the outbox. Each is idempotent: running one twice sends nothing twice.

`deliver_notice` fans a notice out into batches; `deliver_batch` claims and sends
one batch; `sweep_outbox` (every minute, from django-celery-beat) queues what a
broker outage or a dead worker left behind.
"""

import logging

from celery import Task, shared_task

from notices import delivery

logger = logging.getLogger(__name__)


def queue_batches(message_ids: list[int]) -> int:
    """Hand the rows to workers a batch per task; returns how many rows were queued.

    Stops at the first broker error: the rows not handed over stay pending for the sweep.
    """
    queued = 0
    for batch in delivery.chunks(message_ids):
        try:
            deliver_batch.delay(batch)
        except Exception:
            logger.exception("The broker refused a delivery batch; the sweep will retry it")
            break
        delivery.mark_queued(batch)
        queued += len(batch)
    return queued


@shared_task(acks_late=True, ignore_result=True)
def deliver_notice(notice_id: int) -> int:
    """Queue delivery of every pending message of the notice."""
    return queue_batches(delivery.due_message_ids(notice_id=notice_id))


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
def sweep_outbox() -> int:
    """Queue pending rows no task is taking care of, and rows whose claim went stale."""
    abandoned = delivery.outbox_fail_abandoned()
    if abandoned:
        logger.warning("%s outbox messages failed after their worker stopped", abandoned)
    return queue_batches(delivery.due_message_ids())
