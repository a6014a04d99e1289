"""Celery tasks that send webhook deliveries (found by the worker's autodiscovery).

`deliver_webhooks` claims and sends some rows; a failed try is put back as pending with
its backoff, and `sweep_webhooks` (every minute, from django-celery-beat: `api.beat`)
writes the rows a process died before writing (`api.webhooks.recovery`) and hands over
what is due again, including rows a broker outage or a dead worker left behind. Running
either twice sends nothing twice: the claim decides.
"""

import logging

from celery import shared_task

from api.webhooks import delivery
from api.webhooks.recovery import missing_deliveries_write

logger = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True)
def deliver_webhooks(delivery_ids: list[int]) -> int:
    """Claim and send these deliveries; returns how many the receivers took."""
    return delivery.deliver(delivery_ids)


@shared_task(ignore_result=True)
def sweep_webhooks() -> int:
    """Write the deliveries the hooks missed, then queue every due delivery (those,
    retries whose backoff is over, rows no task took)."""
    recovered = missing_deliveries_write()
    if recovered:
        logger.warning("%s webhook deliveries written by the sweep, not the hook", recovered)
    abandoned = delivery.fail_abandoned()
    if abandoned:
        logger.warning("%s webhook deliveries failed after their worker stopped", abandoned)
    ids = delivery.due_ids()
    queued = 0
    for start in range(0, len(ids), 50):
        batch = ids[start : start + 50]
        try:
            deliver_webhooks.delay(batch)
        except Exception:
            logger.exception("The broker refused webhook deliveries; the next sweep retries")
            break
        queued += len(batch)
    return queued
