"""Reads shared by tournament pages and services."""

from tournaments.selectors.bracket import bracket_places, bracket_view
from tournaments.selectors.heats import heats_view
from tournaments.selectors.progressive import (
    Leaderboard,
    player_schedule,
    progressive_leaderboard,
    rounds_view,
)

__all__ = [
    "Leaderboard",
    "bracket_places",
    "bracket_view",
    "heats_view",
    "player_schedule",
    "progressive_leaderboard",
    "rounds_view",
]
