"""The webhooks' periodic job, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration (api 0002), so every database that is
migrated has the schedule; running it again changes nothing a manager edited except the
task the entry calls.
"""

from typing import Any

from django.apps import apps as global_apps
from django.utils import timezone

SWEEP_TASK = "api: sweep the webhook deliveries"


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    changes_model = apps.get_model("django_celery_beat", "PeriodicTasks")

    every_minute, _ = interval_model.objects.get_or_create(every=1, period="minutes")
    task_model.objects.update_or_create(
        name=SWEEP_TASK,
        defaults={"task": "api.tasks.sweep_webhooks"},
        create_defaults={
            "task": "api.tasks.sweep_webhooks",
            "interval": every_minute,
            # A sweep nobody ran in time is replaced by the next one.
            "expire_seconds": 120,
            "description": "Send webhook retries whose backoff is over, and deliveries a "
            "broker outage or a stopped worker left behind.",
        },
    )
    # Tell a running beat to reload its schedule.
    changes_model.objects.update_or_create(ident=1, defaults={"last_update": timezone.now()})
