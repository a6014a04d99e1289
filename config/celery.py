"""The Celery app: `celery -A config worker` and `celery -A config beat`."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Redis keeps one list a priority step (kombu's 0, 3, 6, 9) and a worker takes from 0 first:
# work that can wait goes behind the notices of a night's peak, which take the default.
BACKGROUND = {"priority": 9}
app.conf.task_routes = {
    "league.standings.race_hooks.race_refresh_task": BACKGROUND,
    "people.tasks.games_rerate": BACKGROUND,
}
