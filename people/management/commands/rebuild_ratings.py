"""Rebuild every player's game lines and rating from scratch, from every confirmed card."""

import time
from typing import Any

from django.core.management.base import BaseCommand

from people.models import PlayerRating
from people.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every game line and rating from the confirmed cards (same numbers as live)."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        games = ratings_rebuild()
        players = PlayerRating.objects.count()
        seconds = time.perf_counter() - started
        self.stdout.write(f"Rated {games} games for {players} players in {seconds:.1f} s.")
