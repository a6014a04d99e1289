"""League models, split by subject; import them from here."""

from league.availability.models import Availability
from league.cancellations.models import Cancellation
from league.nights.models.forfeits import Forfeit, PlayoffReview
from league.nights.models.results import FixtureClosure, FixtureGame
from league.playoffs.models import PlayoffBracket, PlayoffMatch, PlayoffRound, PlayoffSeed
from league.seasons.models.schedule import Fixture, RescheduleRequest
from league.seasons.models.season import League, Season, SeasonDate, SkillLevel, Table, Venue
from league.seasons.models.teams import Player, RosterEntry, Team, Waiver
from league.seasons.models.versions import SeasonVersion
from league.standings.models import RaceState, StandingsSnapshot, StandingsSnapshotRow
from league.subs.models import SubAsk, SubRequest, SubVolunteer

__all__ = [
    "Availability",
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
    "RaceState",
    "RescheduleRequest",
    "RosterEntry",
    "Season",
    "SeasonDate",
    "SeasonVersion",
    "SkillLevel",
    "StandingsSnapshot",
    "StandingsSnapshotRow",
    "SubAsk",
    "SubRequest",
    "SubVolunteer",
    "Table",
    "Team",
    "Venue",
    "Waiver",
]
