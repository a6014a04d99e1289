"""The registrations' periodic job, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration; running it again keeps a manager's
changes to the schedule and only points the entry at its task.
"""

from typing import Any

from django.apps import apps as global_apps
from django.utils import timezone

MOVE_ON_TASK = "money: pass on unanswered offers and unpaid places"
TASK = "money.registrations.tasks.registrations_move_on"
EVERY_MINUTES = 5


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    every, _ = interval_model.objects.get_or_create(every=EVERY_MINUTES, period="minutes")
    task_model.objects.update_or_create(
        name=MOVE_ON_TASK,
        defaults={"task": TASK},
        create_defaults={
            "task": TASK,
            "interval": every,
            # A run nobody took in time is replaced by the next one.
            "expire_seconds": EVERY_MINUTES * 60 * 2,
            "description": "Offers from the waitlist not answered in time pass to the next "
            "person; places not paid by their deadline lapse.",
        },
    )
    # Tell a running beat to reload its schedule.
    apps.get_model("django_celery_beat", "PeriodicTasks").objects.update_or_create(
        ident=1, defaults={"last_update": timezone.now()}
    )
