"""From played cards to the pages: lines and ratings rebuilt from a finished season show on the
profile and the season's statistics."""

import pytest
from django.urls import reverse

from people.models import GameLine
from people.services.lines import game_lines_rebuild
from people.services.ratings import ratings_rebuild
from tests.league.night_factories import captain_of, finished_season

pytestmark = pytest.mark.django_db


def test_a_played_season_shows_on_the_profile_and_the_statistics(client):
    season, teams = finished_season({"A": ["Aces", "Bowers", "Clubs"]})
    game_lines_rebuild()
    ratings_rebuild()
    captain = captain_of(teams["Aces"])
    player = captain.player
    lines = GameLine.objects.filter(player=player)
    assert lines.count() == 6 and lines.filter(result="won").count() == 6  # Aces won every game
    client.force_login(captain)
    page = client.get(reverse("people:profile", args=[player.pk])).content.decode()
    assert "6-0-0" in page and 'id="rating"' in page and "No rated games yet" not in page
    stats = client.get(reverse("people:season_statistics", args=[season.pk])).content.decode()
    assert reverse("people:profile", args=[player.pk]) in stats
    assert "Hand statistics count 0 of" in stats  # the cards were final scores
