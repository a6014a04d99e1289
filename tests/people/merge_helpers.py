"""Merge test data: one person entered twice in a league, and an event's typed names."""

from dataclasses import dataclass
from typing import Any

from league.models import League, Player, Season
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    manager_user,
)


@dataclass
class LeaguePair:
    league: League
    first_season: Season
    second_season: Season
    kept: Player
    merged: Player
    manager: Any


def league_pair(kept_email: str = "pat@example.com", **merged_fields: Any) -> LeaguePair:
    """Pat on a team in one season, and Pat again (a second record) in the next season."""
    league = LeagueFactory()
    first, second = SeasonFactory(league=league), SeasonFactory(league=league)
    kept = PlayerFactory(name="Pat Smith", email=kept_email, phone="")
    merged_fields = {"name": "pat  smith", "email": "", "phone": "", **merged_fields}
    merged = PlayerFactory(**merged_fields)
    RosterEntryFactory(team=TeamFactory(season=first), player=kept)
    RosterEntryFactory(team=TeamFactory(season=second), player=merged)
    return LeaguePair(league, first, second, kept, merged, manager_user(league=league))
