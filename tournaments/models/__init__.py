"""Tournaments: events, entries, progressive rounds, brackets and heats."""

from tournaments.models.bracket import BracketMatch, MatchGame
from tournaments.models.event import Entry, Tournament
from tournaments.models.heats import Heat, HeatMatch, HeatStage
from tournaments.models.progressive import Round, Seat, Table
from tournaments.models.versions import TournamentVersion

__all__ = [
    "BracketMatch",
    "Entry",
    "Heat",
    "HeatMatch",
    "HeatStage",
    "MatchGame",
    "Round",
    "Seat",
    "Table",
    "Tournament",
    "TournamentVersion",
]
