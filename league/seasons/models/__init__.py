"""Season models: the league's structure, its teams and players, and the schedule."""

from league.seasons.models.schedule import Fixture, RescheduleRequest
from league.seasons.models.season import League, Season, SeasonDate, SkillLevel, Table, Venue
from league.seasons.models.teams import Player, RosterEntry, Team, Waiver

__all__ = [
    "Fixture",
    "League",
    "Player",
    "RescheduleRequest",
    "RosterEntry",
    "Season",
    "SeasonDate",
    "SkillLevel",
    "Table",
    "Team",
    "Venue",
    "Waiver",
]
