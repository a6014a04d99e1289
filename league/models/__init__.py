"""League models, split by subject; import them from here."""

from league.models.cancellations import Cancellation
from league.models.forfeits import Forfeit, PlayoffReview
from league.models.playoffs import PlayoffBracket, PlayoffMatch, PlayoffRound, PlayoffSeed
from league.models.results import FixtureClosure, FixtureGame
from league.models.schedule import Fixture, RescheduleRequest
from league.models.season import League, Season, SeasonDate, SkillLevel, Table, Venue
from league.models.standings import StandingsSnapshot, StandingsSnapshotRow
from league.models.teams import Player, RosterEntry, Team, Waiver

__all__ = [
    "Cancellation",
    "Fixture",
    "FixtureClosure",
    "FixtureGame",
    "Forfeit",
    "League",
    "Player",
    "PlayoffBracket",
    "PlayoffMatch",
    "PlayoffReview",
    "PlayoffRound",
    "PlayoffSeed",
    "RescheduleRequest",
    "RosterEntry",
    "Season",
    "SeasonDate",
    "SkillLevel",
    "StandingsSnapshot",
    "StandingsSnapshotRow",
    "Table",
    "Team",
    "Venue",
    "Waiver",
]
