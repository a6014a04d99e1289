"""Every public page describes itself to search engines (`<meta name="description">`): a
site-wide default, and the league, season, schedule, standings, team and tournament pages
each with their own names."""

import re

import pytest
from django.urls import reverse

from tests.league.night_factories import night_season, ready_team
from tests.tournaments.factories import bracket, progressive

pytestmark = pytest.mark.django_db

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')


def _descriptions(client, url: str) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200, url
    return DESCRIPTION.findall(response.content.decode())


def test_pages_without_their_own_say_what_the_site_is(client):
    for url in (reverse("home"), reverse("league:league_list"), reverse("login")):
        (description,) = _descriptions(client, url)
        assert description.startswith("Euchre leagues and tournaments")


def test_league_pages_name_their_league_and_season(client):
    season = night_season(weeks=2, name="Fall 2026")
    season.league.name = 'The "Left Bower" League'
    season.league.save(update_fields=["name"])
    _, team = ready_team(season, "Right Bowers")
    league, slugs = season.league, {"league": season.league.slug, "season": season.slug}
    league_name = "The &quot;Left Bower&quot; League"  # escaped inside the attribute
    pages = {
        reverse("league:league_detail", args=[league.slug]): league_name,
        season.get_absolute_url(): f"{league_name}, Fall 2026",
        reverse("league:season_schedule", kwargs=slugs): f"schedule of {league_name}, Fall 2026",
        reverse("league:season_standings", kwargs=slugs): f"standings of {league_name}",
        reverse("league:team_detail", args=[team.pk]): f"Right Bowers, {league_name} Fall 2026",
    }
    for url, named in pages.items():
        (description,) = _descriptions(client, url)
        assert named in description, url


def test_tournament_pages_name_their_event(client):
    pages = ("tournaments:detail", "tournaments:big_screen")
    for event, names in (
        (progressive(players=8, rounds=2, name="Snow Ball"), (*pages, "tournaments:leaderboard")),
        (bracket(4, name="Cup"), pages),
    ):
        for name in names:
            (description,) = _descriptions(client, reverse(name, args=[event.slug]))
            assert event.name in description and "euchre" in description.lower(), name
