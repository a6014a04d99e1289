"""A league season with published standings and fixtures to come, and a progressive event,
for the embed tests (pages, frames and the club's site in a browser)."""

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from api.models import EmbedOrigin
from league.seasons.models import Fixture, Season, Team
from league.standings.services import standings_publish
from tests.factories import manager_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team
from tests.tournaments.factories import progressive, started
from tournaments.models import Tournament


@dataclass
class Club:
    season: Season
    teams: dict[str, Team]
    upcoming: Fixture  # Left Bowers v Right Bowers, next week
    manager: Any
    event: Tournament

    @property
    def slugs(self) -> list[str]:
        return [self.season.league.slug, self.season.slug]


def club(*, origins: tuple[str, ...] = ()) -> Club:
    """Two levels (A: Left/Right Bowers, B: Jacks/Queens); weeks 1 and 2 played and
    published; a fixture next week; a progressive event under way."""
    season = night_season(weeks=4, levels=("A", "B"), name="Fall")
    teams = {
        name: ready_team(season, name, level)[1]
        for name, level in (
            ("Left Bowers", "A"),
            ("Right Bowers", "A"),
            ("Jacks", "B"),
            ("Queens", "B"),
        )
    }
    manager = manager_user(season.league)
    for week, (home, away) in ((1, ("Left Bowers", "Right Bowers")), (2, ("Jacks", "Queens"))):
        fixture = fixture_between(season, teams[home], teams[away], week)
        play(fixture, (10, 4), (10, 6), (3, 10))
    for week in (1, 2):
        standings_publish(season=season, week=week, by=manager)
    upcoming = fixture_between(season, teams["Left Bowers"], teams["Right Bowers"], 4)
    upcoming.date = timezone.localdate() + datetime.timedelta(days=7)
    upcoming.save(update_fields=["date"])
    other = fixture_between(season, teams["Jacks"], teams["Queens"], 4)
    other.date = upcoming.date
    other.save(update_fields=["date"])
    event = started(progressive(8, rounds=2, name="Snow Ball"))
    for origin in origins:
        EmbedOrigin.objects.create(league=season.league, origin=origin)
        EmbedOrigin.objects.create(tournament=event, origin=origin)
    return Club(season, teams, upcoming, manager, event)
