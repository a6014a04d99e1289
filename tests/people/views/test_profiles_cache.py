"""The profile kept in the cache: a second visit costs one query, and every change of what
it shows (cards rewritten, choices, rating, a merge) shows on the next visit."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config import cache as fail_soft
from people.models import GameLine, PlayerRating
from people.services.merges import player_merge
from tests.factories import PlayerFactory
from tests.people.factories import choose, line, many_lines, rating
from tests.people.merge_helpers import league_pair

pytestmark = pytest.mark.django_db


def _page(client, player, query: str = "") -> str:
    response = client.get(reverse("people:profile", args=[player.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def _shown_player(games: int = 45):
    player = PlayerFactory(name="Ann Bower")
    partner = PlayerFactory(name="Bob Card")
    many_lines(player, games, partner=partner, by_hand=True, hands=8, marches=1)
    rating(player, history=30)
    choose(player, show_results=True, show_statistics=True, show_rating=True)
    return player


def test_a_second_visit_reads_only_the_player(client, django_assert_num_queries):
    player = _shown_player()
    with CaptureQueriesContext(connection) as first:
        _page(client, player)
    with django_assert_num_queries(1):
        page = _page(client, player)
    assert len(first) >= 8
    assert 'id="results"' in page and 'id="rating"' in page and "Bob Card" in page


def test_a_card_confirmed_or_corrected_shows_at_once(client):
    player = _shown_player(games=0)
    won = line(player, result=GameLine.Result.WON)
    assert "1-0-0" in _page(client, player)
    game = won.game  # a correction deletes the game's lines and writes them anew
    won.delete()
    line(player, game=game, result=GameLine.Result.LOST)
    assert "0-1-0" in _page(client, player)
    line(player, result=GameLine.Result.TIED)  # a new card confirmed
    assert "0-1-1" in _page(client, player)


def test_a_changed_choice_shows_at_once(client):
    player = _shown_player()
    assert 'id="statistics"' in _page(client, player)
    choose(player, show_results=True, show_statistics=False, show_rating=True)
    page = _page(client, player)
    assert 'id="statistics"' not in page and 'id="results"' in page


def test_a_new_rating_shows_at_once(client):
    player = _shown_player()
    assert "1100" in _page(client, player)
    PlayerRating.objects.filter(player=player).delete()  # a rebuild writes them anew
    PlayerRating.objects.create(player=player, mu=25.0, sigma=3.0, games=50, value=1234)
    assert "1234" in _page(client, player)


def test_the_person_sees_everything_and_the_public_only_what_was_chosen(client):
    player = _shown_player()
    choose(player, show_results=False, show_statistics=False, show_rating=False)
    assert 'id="name-only"' in _page(client, player)
    pair = league_pair()
    choose(pair.kept, show_results=False)
    line(pair.kept)
    assert 'id="results"' not in _page(client, pair.kept)
    client.force_login(pair.manager)  # the league's staff: the whole record
    assert 'id="results"' in _page(client, pair.kept)
    client.logout()
    assert 'id="results"' not in _page(client, pair.kept)


def test_a_merge_shows_the_kept_record_as_partner_at_once(client):
    pair = league_pair()
    third = PlayerFactory(name="Cy Deal")
    choose(third, show_results=True)
    line(third, partner=pair.merged)
    merged_link = reverse("people:profile", args=[pair.merged.pk])
    assert merged_link in _page(client, third)
    player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    page = _page(client, third)
    assert reverse("people:profile", args=[pair.kept.pk]) in page and merged_link not in page


def _games(page: str) -> str:
    return page.split('id="recent-games"', 1)[1].split("</table>", 1)[0]


def test_each_page_of_games_is_its_own_and_a_page_past_the_end_is_the_last(client):
    player = _shown_player(games=45)  # three pages of 20
    first, last = _page(client, player), _page(client, player, "?page=3")
    assert _games(first) != _games(last)
    past = _page(client, player, "?page=999999999&x=<b>")
    assert _games(past) == _games(last)
    assert "x=%3C" not in past and "x=&lt;" not in past


def test_with_the_cache_down_the_profile_is_built_every_time(client, settings, monkeypatch):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    monkeypatch.setattr(fail_soft, "OUTAGE", fail_soft.Outage())
    player = _shown_player()
    for _ in range(2):
        page = _page(client, player)
        assert 'id="results"' in page and "Bob Card" in page
