"""The ladder kept in the cache: a second visit costs one query (the series and its events),
and every change of what it shows (an event's results, the rules, a merge) shows on the
next visit."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config import cache as fail_soft
from league.seasons.models import Player
from people.models import Series
from people.selectors import series as selectors
from people.services.merges import player_merge
from tests.factories import TournamentFactory
from tests.people.merge_helpers import league_pair
from tests.people.series_helpers import plain_director, series_of
from tournaments.models import Tournament
from tournaments.versions import tournament_results_changed

pytestmark = pytest.mark.django_db

FINISHED = Tournament.Status.FINISHED


@pytest.fixture
def ladder(monkeypatch):
    """A ladder of two finished events whose places the test sets (`ladder.places`)."""
    director = plain_director()
    players = Player.objects.bulk_create([Player(name=f"P{n:03}") for n in range(150)])
    events = [TournamentFactory(director=director, status=FINISHED) for _ in range(2)]
    series = series_of(director, events, points=[10, 8, 6, 5, 4, 3, 2, 1])
    places = {event.pk: {p.pk: n + 1 for n, p in enumerate(players)} for event in events}
    monkeypatch.setattr(selectors, "event_places", lambda tournament: places[tournament.pk])
    series.places, series.events, series.players = places, events, players
    return series


def _page(client, series, query: str = "") -> str:
    response = client.get(reverse("people:ladder", args=[series.slug]) + query)
    assert response.status_code == 200
    return response.content.decode()


def _first_row(page: str) -> str:
    return page.split("<tbody", 1)[1].split("</tr>", 1)[0]


def test_a_second_visit_reads_only_the_series_and_its_events(
    client, ladder, django_assert_num_queries
):
    with CaptureQueriesContext(connection) as first:
        _page(client, ladder)
    with django_assert_num_queries(1):  # the series with its events' stamps
        page = _page(client, ladder)
    assert len(first) > 2
    assert "P000" in _first_row(page) and page.count("<tr") >= 51


def test_the_csv_is_built_from_the_kept_ladder(client, ladder, django_assert_max_num_queries):
    _page(client, ladder)
    with django_assert_max_num_queries(2):
        response = client.get(reverse("people:ladder_csv", args=[ladder.slug]))
    assert response.content.decode().count("\n") == 151


def test_an_events_results_change_shows_at_once(client, ladder):
    assert "P000" in _first_row(_page(client, ladder))
    event = ladder.events[0]
    winner = ladder.players[149].pk
    ladder.places[event.pk][winner], ladder.places[event.pk][ladder.players[0].pk] = 1, 150
    assert "P000" in _first_row(_page(client, ladder))  # not counted yet: the same version
    tournament_results_changed(event)
    assert "P149" in _first_row(_page(client, ladder)) or "P000" not in _first_row(
        _page(client, ladder)
    )


def test_an_event_finishing_or_reopening_shows_at_once(client, ladder):
    page = _page(client, ladder)
    assert ladder.events[1].name in page.split("<tbody", 1)[0]
    Tournament.objects.filter(pk=ladder.events[1].pk).update(status=Tournament.Status.RUNNING)
    page = _page(client, ladder)
    assert ladder.events[1].name not in page.split("<tbody", 1)[0]
    assert "1 to come" in page


def test_new_rules_show_at_once(client, ladder):
    total = 'data-label="Points">{}</td>'
    assert total.format(20) in _first_row(_page(client, ladder))
    Series.objects.filter(pk=ladder.pk).update(points=[25, 18, 15])
    assert total.format(50) in _first_row(_page(client, ladder))


def test_a_merge_shows_one_line_for_the_person_at_once(client, monkeypatch):
    pair = league_pair()
    director = plain_director()
    events = [TournamentFactory(director=director, status=FINISHED) for _ in range(2)]
    series = series_of(director, events)
    places = {events[0].pk: {pair.kept.pk: 1}, events[1].pk: {pair.merged.pk: 1}}
    monkeypatch.setattr(selectors, "event_places", lambda tournament: places[tournament.pk])
    page = _page(client, series)
    assert "Pat Smith" in page and "pat  smith" in page
    player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    page = _page(client, series)
    assert "Pat Smith" in page and "pat  smith" not in page


def test_sorting_and_pages_are_kept_apart_and_unknown_sorts_are_the_default(client, ladder):
    first, second = _page(client, ladder), _page(client, ladder, "?page=2")
    assert _first_row(first) != _first_row(second)
    by_name = _page(client, ladder, "?sort=-player")
    assert "P149" in _first_row(by_name)
    odd = _page(client, ladder, "?sort=__class__&junk=<i>")
    assert _first_row(odd) == _first_row(first) and "junk" not in odd


def test_with_the_cache_down_the_ladder_is_built_every_time(client, ladder, settings, monkeypatch):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    monkeypatch.setattr(fail_soft, "OUTAGE", fail_soft.Outage())
    for _ in range(2):
        assert "P000" in _first_row(_page(client, ladder))
    response = client.get(reverse("people:ladder_csv", args=[ladder.slug]))
    assert response.status_code == 200 and response.content.decode().count("\n") == 151
