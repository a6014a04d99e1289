"""Each side's chance before a game, from its players' ratings, on the scorecard page."""

import pytest
from django.urls import reverse

from people.chances import game_chances
from people.models import PlayerRating
from tests.league.night_factories import night
from tests.scoring.factories import seated_game

pytestmark = pytest.mark.django_db


def _rate(player, mu, sigma=2.0, games=20):
    PlayerRating.objects.create(player=player, mu=mu, sigma=sigma, games=games, value=1000)


def test_the_stronger_seated_side_has_the_better_chance_and_the_two_add_up_to_one():
    game, _ = seated_game()
    seats = {s.seat: s.player for s in game.seats.all()}
    for seat in "NS":
        _rate(seats[seat], 32)
    chances = game_chances(game.pk)
    assert chances["NS"] > 0.5 > chances["EW"]
    assert chances["NS"] + chances["EW"] == 1.0


def test_a_league_game_takes_each_teams_line_up_and_unrated_players_start_even():
    evening = night()
    from league.nights.services.results import fixture_games_ensure

    (first, *_) = fixture_games_ensure(fixture=evening.fixture)
    assert game_chances(first.game_id) == {"NS": 0.5, "EW": 0.5}


def test_the_scorecard_page_shows_the_chances_before_the_card_stands(client):
    game, _ = seated_game()
    seats = {s.seat: s.player for s in game.seats.all()}
    _rate(seats["E"], 35)
    page = client.get(reverse("scoring:game_detail", args=[game.pk])).content.decode()
    assert 'id="side-chances"' in page
    assert reverse("people:profile", args=[seats["N"].pk]) in page
