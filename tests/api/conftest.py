"""Shared fixtures for the API's tests: a small world to read (a season with a schedule,
results and a published week, a progressive event under way, a person who shows their
record), and JSON clients."""

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from league.seasons.models import Season
from league.standings.services import standings_publish
from tests.factories import manager_user
from tests.league.night_factories import finished_season
from tests.people.factories import choose, many_lines, rating
from tests.tournaments.factories import progressive, started
from tournaments.models import Tournament


@dataclass
class ReadWorld:
    season: Season
    teams: dict[str, Any]
    manager: Any
    tournament: Tournament
    player: Any  # league.models.Player, who shows results and rating

    @property
    def league(self) -> Any:
        return self.season.league

    @property
    def slugs(self) -> dict[str, str]:
        return {"league": self.season.league.slug, "season": self.season.slug}


def build_read_world() -> ReadWorld:
    season, teams = finished_season({"A": ["Aces", "Bowers", "Clubs"], "B": ["Deuces", "Euchres"]})
    manager = manager_user(league=season.league)
    standings_publish(season=season, week=1, by=manager, note="First week")
    tournament = started(progressive(players=8, rounds=3))
    player = teams["Aces"].roster.first().player
    many_lines(player, 3)
    rating(player, history=3)
    choose(player, show_results=True, show_rating=True)
    return ReadWorld(season, teams, manager, tournament, player)


@pytest.fixture
def read_world(db: Any) -> ReadWorld:
    return build_read_world()


def get_json(client: Client, url: str, **headers: str) -> Any:
    response = client.get(url, headers=headers)
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return response
