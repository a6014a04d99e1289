"""Money's periodic jobs, kept in django-celery-beat's tables (editable in the admin).

Each part's `beat.ensure_periodic_tasks` runs from a data migration and calls
`ensure_every_few_minutes`; running it again keeps a manager's changes to the schedule and
only points the entry at its task.
"""

from typing import Any

from django.utils import timezone


def ensure_every_few_minutes(
    apps: Any, *, name: str, task: str, minutes: int, description: str
) -> None:
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    every, _ = interval_model.objects.get_or_create(every=minutes, period="minutes")
    apps.get_model("django_celery_beat", "PeriodicTask").objects.update_or_create(
        name=name,
        defaults={"task": task},
        create_defaults={
            "task": task,
            "interval": every,
            # A run nobody took in time is replaced by the next one.
            "expire_seconds": minutes * 60 * 2,
            "description": description,
        },
    )
    # Tell a running beat to reload its schedule.
    apps.get_model("django_celery_beat", "PeriodicTasks").objects.update_or_create(
        ident=1, defaults={"last_update": timezone.now()}
    )
