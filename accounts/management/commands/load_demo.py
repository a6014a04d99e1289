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
]


class Command(BaseCommand):
    help = (
        "Load realistic demo data dated from today. Safe to run again: the same day it keeps "
        "what is there (and what you did in it); on a later day it rebuilds the demo league "
        "and events for that day (accounts and players are kept)."
    )

    def handle(self, *args, **options) -> None:
        lines: list[str] = []
        with transaction.atomic():
            for dotted in DEMO_MODULES:
                try:
                    module = import_module(dotted)
                except ModuleNotFoundError as exc:
                    if exc.name != dotted:
                        raise
                    continue
                lines.extend(module.load())
        today = timezone.localdate()
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded for today, {day(today)}."))
        for line in lines:
            self.stdout.write(line)
