"""The periodic jobs of notices, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration, so every database that is
migrated has the schedule; running it again changes nothing a manager edited
except the task each entry calls.
"""

from typing import Any

from django.apps import apps as global_apps
from django.conf import settings
from django.utils import timezone

SWEEP_TASK = "notices: sweep the outbox"
WAIVER_TASK = "notices: waiver reminders"


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    changes_model = apps.get_model("django_celery_beat", "PeriodicTasks")

    every_minute, _ = interval_model.objects.get_or_create(every=1, period="minutes")
    daily, _ = crontab_model.objects.get_or_create(
        minute="0",
        hour="10",
        day_of_week="*",
        day_of_month="*",
        month_of_year="*",
        timezone=settings.TIME_ZONE,
    )
    task_model.objects.update_or_create(
        name=SWEEP_TASK,
        defaults={"task": "notices.tasks.sweep_outbox"},
        create_defaults={
            "task": "notices.tasks.sweep_outbox",
            "interval": every_minute,
            # A sweep nobody ran in time is replaced by the next one.
            "expire_seconds": 120,
            "description": "Queue outbox messages a broker outage or a stopped worker left behind.",
        },
    )
    task_model.objects.update_or_create(
        name=WAIVER_TASK,
        defaults={"task": "notices.tasks.send_waiver_reminders"},
        create_defaults={
            "task": "notices.tasks.send_waiver_reminders",
            "crontab": daily,
            "description": "Remind unsigned players in the days before their first night.",
        },
    )
    # Tell a running beat to reload its schedule.
    changes_model.objects.update_or_create(ident=1, defaults={"last_update": timezone.now()})
