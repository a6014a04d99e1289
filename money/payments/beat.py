"""Payments' periodic job: card refunds saved while Stripe was down (a withdrawal's
self-refund, a staff refund) are sent again every few minutes; their idempotency key makes
each go through once."""

from typing import Any

from django.apps import apps as global_apps

from money.beat import ensure_every_few_minutes

RETRY_TASK = "money: send card refunds again"
TASK = "money.payments.tasks.refunds_send_pending"
EVERY_MINUTES = 10


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    ensure_every_few_minutes(
        apps,
        name=RETRY_TASK,
        task=TASK,
        minutes=EVERY_MINUTES,
        description="Card refunds saved while the card provider did not answer are sent "
        "again (once each: the refund's idempotency key).",
    )
