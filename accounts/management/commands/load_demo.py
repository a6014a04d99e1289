import contextlib
from importlib import import_module

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from wording.when import day

# Each app contributes its own demo data; order matters (accounts first).
DEMO_MODULES = [
    "accounts.demo",
    "league.demo",
    "tournaments.demo",
    "people.demo",
    "league.demo.announcements",
    "money.demo",
]


class Command(BaseCommand):
    help = (
        "Load realistic demo data dated from today. Safe to run again: the same day it keeps "
        "what is there (and what you did in it); on a later day it rebuilds the demo league "
        "and events for that day (accounts and players are kept)."
    )

    def handle(self, *args, **options) -> None:
        lines: list[str] = []
        modules = []
        for dotted in DEMO_MODULES:
            try:
                modules.append(import_module(dotted))
            except ModuleNotFoundError as exc:
                if exc.name != dotted:
                    raise
        # A module's `loading()` wraps the whole load, commit included (people pauses its
        # per-card re-rating there: the cards commit together at the end).
        with contextlib.ExitStack() as around:
            for module in modules:
                if hasattr(module, "loading"):
                    around.enter_context(module.loading())
            with transaction.atomic():
                for module in modules:
                    lines.extend(module.load())
        today = timezone.localdate()
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded for today, {day(today)}."))
        for line in lines:
            self.stdout.write(line)
