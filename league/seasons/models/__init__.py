"""Season models: the league's structure, its teams and players, and the schedule."""

from league.seasons.models.schedule import Fixture, RescheduleRequest
from league.seasons.models.season import League, Season, SeasonDate, SkillLevel, Table, Venue
from league.seasons.models.teams import Player, RosterEntry, Team, Waiver
from league.seasons.models.versions import SeasonVersion

__all__ = [
    "Fixture",
    "League",
    "Player",
    "RescheduleRequest",
    "RosterEntry",
    "Season",
    "SeasonDate",
    "SeasonVersion",
    "SkillLevel",
    "Table",
    "Team",
    "Venue",
    "Waiver",
]
