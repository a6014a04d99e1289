"""People's periodic job, kept in django-celery-beat's tables (editable in the admin).

The nightly rebuild of every rating from scratch gives the numbers the live re-rating
already keeps; it is the safety net for a re-rating task a broker outage lost.
`ensure_periodic_tasks` runs from a data migration; running it again keeps a changed
schedule and only points the entry at its task.
"""

from typing import Any

from django.apps import apps as global_apps
from django.conf import settings

REBUILD_TASK = "people: rebuild ratings"


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    # Four in the morning: every league night and event is over, nobody is entering cards.
    crontab, _ = apps.get_model("django_celery_beat", "CrontabSchedule").objects.get_or_create(
        minute="0",
        hour="4",
        day_of_week="*",
        day_of_month="*",
        month_of_year="*",
        timezone=settings.TIME_ZONE,
    )
    task = "people.tasks.ratings_rebuild"
    apps.get_model("django_celery_beat", "PeriodicTask").objects.update_or_create(
        name=REBUILD_TASK,
        defaults={"task": task},
        create_defaults={
            "task": task,
            "crontab": crontab,
            "description": "Every game line and rating from scratch (the live numbers again).",
        },
    )
