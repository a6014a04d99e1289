"""The webhooks' periodic job, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration (api 0002), so every database that is
migrated has the schedule; running it again changes nothing a manager edited except the
task the entry calls.
"""

from typing import Any

from django.apps import apps as global_apps

from notices.beat import every_minute

SWEEP_TASK = "api: sweep the webhook deliveries"


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    every_minute(
        apps,
        name=SWEEP_TASK,
        task="api.tasks.sweep_webhooks",
        description="Send webhook retries whose backoff is over, and deliveries a "
        "broker outage or a stopped worker left behind.",
    )
