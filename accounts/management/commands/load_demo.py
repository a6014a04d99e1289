from importlib import import_module

from django.core.management.base import BaseCommand
from django.db import transaction

# Each app contributes its own demo data; order matters (accounts first).
DEMO_MODULES = [
    "accounts.demo",
    "league.demo",
    "tournaments.demo",
    "league.demo.announcements",
]


class Command(BaseCommand):
    help = "Load realistic demo data. Safe to run more than once."

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
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
        for line in lines:
            self.stdout.write(line)
