"""A night to come where teams announced forfeits: the data the makeup tests share."""

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from league.nights.services.forfeits import forfeit_announce
from league.seasons.models import Fixture, Season, Team
from tests.factories import manager_user
from tests.league.night_factories import captain_of, night_season, ready_team


def fixture_on(
    season: Season, home: Team, away: Team | None, date: datetime.date, week: int = 3
) -> Fixture:
    return Fixture.objects.create(
        season=season,
        week=week,
        date=date,
        skill_level=home.skill_level,
        home=home,
        away=away,
        games=season.games_per_fixture,
    )


@dataclass
class ForfeitNight:
    """Level A: A1 v A2 (A2 forfeits), A3 v A4 (A4 forfeits), A5 v A6, A7 has the bye.
    Level B: B1 v B2 (B2 forfeits). All `date`, in week 3."""

    season: Season
    date: datetime.date
    manager: Any
    teams: dict[str, Team] = field(default_factory=dict)
    fixtures: dict[str, Fixture] = field(default_factory=dict)

    def captain(self, name: str) -> Any:
        return captain_of(self.teams[name])


def forfeit_night(*, days: int = 5, counts: bool = True, announce: bool = True) -> ForfeitNight:
    season = night_season(levels=("A", "B"), makeups_count_in_standings=counts)
    date = timezone.localdate() + datetime.timedelta(days=days)
    night = ForfeitNight(season, date, manager_user(league=season.league))
    for name in ("A1", "A2", "A3", "A4", "A5", "A6", "A7", "B1", "B2"):
        night.teams[name] = ready_team(season, name, level=name[0])[1]
    t = night.teams
    for home, away in (("A1", "A2"), ("A3", "A4"), ("A5", "A6"), ("B1", "B2")):
        night.fixtures[home] = fixture_on(season, t[home], t[away], date)
    night.fixtures["A7"] = fixture_on(season, t["A7"], None, date)
    if announce:
        for home, away in (("A1", "A2"), ("A3", "A4"), ("B1", "B2")):
            forfeit_announce(fixture=night.fixtures[home], team=t[away], by=night.captain(away))
    return night
