"""The registrations' periodic job: offers from the waitlist not answered in time pass on,
unpaid places lapse, places added since are offered."""

from typing import Any

from django.apps import apps as global_apps

from money.beat import ensure_every_few_minutes

MOVE_ON_TASK = "money: pass on unanswered offers and unpaid places"
TASK = "money.registrations.tasks.registrations_move_on"
EVERY_MINUTES = 5


def ensure_periodic_tasks(apps: Any = global_apps) -> None:
    ensure_every_few_minutes(
        apps,
        name=MOVE_ON_TASK,
        task=TASK,
        minutes=EVERY_MINUTES,
        description="Offers from the waitlist not answered in time pass to the next "
        "person; places not paid by their deadline lapse.",
    )
