"""Test data for the sub finder: a fixture next week between two ready teams, and subs."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from league.seasons.models import Fixture, Player, Season, Team
from league.subs.models import SubVolunteer
from tests.factories import PlayerFactory, UserFactory
from tests.league.night_factories import night_season, ready_team


@dataclass
class Ahead:
    season: Season
    fixture: Fixture
    home: Team
    away: Team
    home_captain: Any
    away_captain: Any


def fixture_ahead(season: Season | None = None, *, days: int = 7, **kwargs: Any) -> Ahead:
    """A regular-season fixture `days` from today between two fresh ready teams."""
    season = season or night_season(weeks=4, **kwargs)
    n = season.teams.count()
    home_captain, home = ready_team(season, f"Home {n}")
    away_captain, away = ready_team(season, f"Away {n}")
    fixture = Fixture.objects.create(
        season=season,
        week=5,
        date=timezone.localdate() + datetime.timedelta(days=days),
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=season.games_per_fixture,
    )
    return Ahead(season, fixture, home, away, home_captain, away_captain)


_phones: list[int] = []


def volunteer(season: Season, *, name: str = "", levels=(), nights=(), **player: Any) -> Player:
    """A player with an account, a phone that takes texts, on the season's sub list."""
    user = UserFactory()
    _phones.append(0)
    phone = f"+1416555{len(_phones):04d}"
    fields = {"user": user, "phone": phone, "sms_opt_in": True, **player}
    if name:
        fields["name"] = name
    person = PlayerFactory(**fields)
    entry = SubVolunteer.objects.create(
        season=season, player=person, nights=[d.isoformat() for d in nights]
    )
    entry.levels.set(levels)
    return person
