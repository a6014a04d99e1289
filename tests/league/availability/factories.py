"""Test data for availability: a published season with a fixture a few days ahead."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from league.seasons.models import Fixture, Player, RosterEntry, Season, Team
from tests.factories import PlayerFactory, RosterEntryFactory, UserFactory
from tests.league.night_factories import night_season, ready_team


@dataclass
class Upcoming:
    season: Season
    fixture: Fixture
    home: Team
    away: Team
    home_captain: Any
    away_captain: Any

    def mate(self, team: Team) -> Player:
        """The team's second regular (the captain's partner)."""
        return team.roster.get(role=RosterEntry.Role.PLAYER).player

    def captain_player(self, team: Team) -> Player:
        return team.roster.get(role=RosterEntry.Role.CAPTAIN).player


def upcoming(
    *, days: int = 3, season: Season | None = None, names: tuple[str, str] = ("Bowers", "Jacks")
) -> Upcoming:
    """Two ready teams (a captain with a login and a mate each) meeting `days` from today."""
    season = season or night_season()
    home_captain, home = ready_team(season, names[0])
    away_captain, away = ready_team(season, names[1])
    fixture = fixture_on(season, home, away, days=days)
    return Upcoming(season, fixture, home, away, home_captain, away_captain)


def fixture_on(season: Season, home: Team, away: Team, *, days: int, week: int = 9) -> Fixture:
    return Fixture.objects.create(
        season=season,
        week=week,
        date=timezone.localdate() + datetime.timedelta(days=days),
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=season.games_per_fixture,
    )


def player_with_login(team: Team, *, role: str = RosterEntry.Role.PLAYER, **entry: Any) -> Any:
    """A new player with an account on `team`'s roster; returns the user."""
    user = UserFactory()
    RosterEntryFactory(team=team, player=PlayerFactory(user=user), role=role, **entry)
    return user
