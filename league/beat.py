"""The league's periodic jobs, kept in django-celery-beat's tables (editable in the admin).

`ensure_periodic_tasks` runs from a data migration; running it again keeps a
manager's changes to the schedule and only points the entry at its task.
"""

from typing import Any

from django.apps import apps as global_apps
from django.conf import settings
from django.utils import timezone

MISSING_CARDS_TASK = "league: remind captains of missing cards"
# Registered by notices until league.announcements took the reminders over: the entry
# and its task keep their names, so databases scheduled back then need no change.
WAIVER_TASK = "notices: waiver reminders"
AVAILABILITY_TASK = "league: ask players whether they are coming"
SUBS_TASK = "league: close stale sub requests"


def _daily(apps: Any, *, name: str, task: str, hour: str, description: str) -> None:
    """A daily entry at `hour`:00 (hour "*": every hour); an existing entry only gets its
    task set again."""
    crontab, _ = apps.get_model("django_celery_beat", "CrontabSchedule").objects.get_or_create(
        minute="0",
        hour=hour,
        day_of_week="*",
        day_of_month="*",
        month_of_year="*",
        timezone=settings.TIME_ZONE,
    )
    apps.get_model("django_celery_beat", "PeriodicTask").objects.update_or_create(
        name=name,
        defaults={"task": task},
        create_defaults={"task": task, "crontab": crontab, "description": description},
    )


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    # Noon: league nights end late, and captains read their mail the next day.
    _daily(
        apps,
        name=MISSING_CARDS_TASK,
        task="league.tasks.send_missing_card_notices",
        hour="12",
        description="Captains of fixtures still missing confirmed cards, once a day "
        "during the season's grace period.",
    )
    _daily(
        apps,
        name=WAIVER_TASK,
        task="notices.tasks.send_waiver_reminders",
        hour="10",
        description="Remind unsigned players in the days before their first night.",
    )
    # Morning: the players have the day to answer, the captain days to find a sub.
    _daily(
        apps,
        name=AVAILABILITY_TASK,
        task="league.tasks.send_availability_asks",
        hour="9",
        description="Ask each rostered player of the next days' fixtures whether they are "
        "coming (once per fixture and night).",
    )
    # Every hour: a request whose night has started stops showing as open to the list.
    _daily(
        apps,
        name=SUBS_TASK,
        task="league.tasks.close_stale_sub_requests",
        hour="*",
        description="Close open sub requests whose fixture started, was moved or decided.",
    )
    # Tell a running beat to reload its schedule.
    apps.get_model("django_celery_beat", "PeriodicTasks").objects.update_or_create(
        ident=1, defaults={"last_update": timezone.now()}
    )
