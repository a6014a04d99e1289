"""The league's periodic jobs, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration; running it again keeps a
manager's changes to the schedule and only points the entry at its task.
"""

from typing import Any

from django.apps import apps as global_apps
from django.conf import settings
from django.utils import timezone

MISSING_CARDS_TASK = "league: remind captains of missing cards"


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    changes_model = apps.get_model("django_celery_beat", "PeriodicTasks")
    # Noon: league nights end late, and captains read their mail the next day.
    noon, _ = crontab_model.objects.get_or_create(
        minute="0",
        hour="12",
        day_of_week="*",
        day_of_month="*",
        month_of_year="*",
        timezone=settings.TIME_ZONE,
    )
    task_model.objects.update_or_create(
        name=MISSING_CARDS_TASK,
        defaults={"task": "league.tasks.send_missing_card_notices"},
        create_defaults={
            "task": "league.tasks.send_missing_card_notices",
            "crontab": noon,
            "description": "Captains of fixtures still missing confirmed cards, once a day "
            "during the season's grace period.",
        },
    )
    # Tell a running beat to reload its schedule.
    changes_model.objects.update_or_create(ident=1, defaults={"last_update": timezone.now()})
