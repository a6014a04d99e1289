"""Celery tasks of payments: they only call services, and are safe to run again."""

from celery import shared_task

from money.payments.selectors import refunds_to_send
from money.payments.services.refunds import refund_send


@shared_task(name="money.payments.tasks.refunds_send_pending")
def refunds_send_pending() -> int:
    """Send again every card refund saved while the provider was down; how many it now has."""
    sent = 0
    for refund in refunds_to_send():
        if refund_send(refund_id=refund.pk).provider_ref:
            sent += 1
    return sent
