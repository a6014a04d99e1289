"""Payments' periodic job, kept in django-celery-beat's tables (editable in the admin): card
refunds saved while Stripe was down (a withdrawal's self-refund, a staff refund) are sent
again every few minutes; their idempotency key makes each go through once.

`ensure_periodic_tasks` runs from a data migration; running it again keeps a manager's
changes to the schedule and only points the entry at its task.
"""

from typing import Any

from django.apps import apps as global_apps
from django.utils import timezone

RETRY_TASK = "money: send card refunds again"
TASK = "money.payments.tasks.refunds_send_pending"
EVERY_MINUTES = 10


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    every, _ = interval_model.objects.get_or_create(every=EVERY_MINUTES, period="minutes")
    task_model.objects.update_or_create(
        name=RETRY_TASK,
        defaults={"task": TASK},
        create_defaults={
            "task": TASK,
            "interval": every,
            "expire_seconds": EVERY_MINUTES * 60 * 2,
            "description": "Card refunds saved while the card provider did not answer are "
            "sent again (once each: the refund's idempotency key).",
        },
    )
    apps.get_model("django_celery_beat", "PeriodicTasks").objects.update_or_create(
        ident=1, defaults={"last_update": timezone.now()}
    )
