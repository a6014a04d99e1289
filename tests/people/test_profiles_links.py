"""The pages people already use lead to profiles and to the statistics pages."""

import pytest
from django.urls import reverse

from tests.factories import manager_user
from tests.league.night_factories import captain_of, finished_season
from tests.tournaments.factories import progressive, started

pytestmark = pytest.mark.django_db


def test_the_leaderboard_links_each_player_to_their_profile(client):
    event = started(progressive(players=8, rounds=2))
    page = client.get(reverse("tournaments:leaderboard", args=[event.slug])).content.decode()
    for entry in event.entries.all():
        assert reverse("people:profile", args=[entry.player_id]) in page
    assert reverse("people:event_statistics", args=[event.slug]) in page


def test_the_entries_list_links_each_player(client):
    event = progressive(players=4, rounds=1)
    client.force_login(event.director)
    page = client.get(reverse("tournaments:manage", args=[event.slug])).content.decode()
    for entry in event.entries.all():
        assert reverse("people:profile", args=[entry.player_id]) in page


def test_the_roster_links_each_player_and_the_standings_link_the_statistics(client):
    season, teams = finished_season({"A": ["Aces", "Bowers"]})
    team = teams["Aces"]
    client.force_login(captain_of(team))
    page = client.get(reverse("league:team_detail", args=[team.pk])).content.decode()
    for entry in team.roster.all():
        assert reverse("people:profile", args=[entry.player_id]) in page
    client.force_login(manager_user(league=season.league))  # the live standings
    standings = reverse("league:season_standings", args=[season.league.slug, season.slug])
    page = client.get(standings, {"week": "live"}).content.decode()
    assert reverse("people:season_statistics", args=[season.pk]) in page
