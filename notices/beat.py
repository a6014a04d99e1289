"""The periodic job of notices, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration, so every database that is
migrated has the schedule; running it again changes nothing a manager edited
except the task each entry calls. (The waiver reminders, "notices: waiver reminders",
are the league's job now: `league.beat`.)
"""

from typing import Any

from django.apps import apps as global_apps
from django.utils import timezone

SWEEP_TASK = "notices: sweep the outbox"


def every_minute(apps: Any, *, name: str, task: str, description: str) -> None:
    """A periodic entry running `task` every minute (a late run is replaced by the next);
    an existing entry keeps what a manager edited and only gets its task set again. Then a
    running beat is told to reload its schedule."""
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    every, _ = interval_model.objects.get_or_create(every=1, period="minutes")
    apps.get_model("django_celery_beat", "PeriodicTask").objects.update_or_create(
        name=name,
        defaults={"task": task},
        create_defaults={
            "task": task,
            "interval": every,
            "expire_seconds": 120,
            "description": description,
        },
    )
    apps.get_model("django_celery_beat", "PeriodicTasks").objects.update_or_create(
        ident=1, defaults={"last_update": timezone.now()}
    )


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    every_minute(
        apps,
        name=SWEEP_TASK,
        task="notices.tasks.sweep_outbox",
        description="Queue outbox messages a broker outage or a stopped worker left behind.",
    )
