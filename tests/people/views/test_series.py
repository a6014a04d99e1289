"""The ladder pages: public ladder and CSV, the director's pages, refusals, query counts."""

import csv
import io

import pytest
from django.urls import reverse

from league.seasons.models import Player
from people.models import Series, SeriesEvent
from people.selectors import series as selectors
from tests.factories import TournamentFactory, admin_user, manager_user, player_user
from tests.people.series_helpers import (
    entry_players,
    finished_progressive,
    plain_director,
    series_of,
)
from tests.tournaments.factories import progressive
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

WIN = {"N": 9, "S": 9, "E": 3, "W": 3}
FINISHED = Tournament.Status.FINISHED


def _played(director):
    event = finished_progressive(director, [WIN, {"N": 7, "S": 7, "E": 5, "W": 5}])
    return series_of(director, [event], points=[10, 8, 6, 5, 4, 3, 2, 1], best_of=1), event


def test_the_public_ladder_shows_ranks_points_and_rules(client):
    series, event = _played(plain_director())
    page = client.get(reverse("people:ladder", args=[series.slug])).content.decode()
    assert 'id="ladder"' in page and event.name in page
    assert "Points 10/8/6/5/4/3/2/1 · best 1 events count · no minimum to qualify" in page
    assert "9" in page  # places 1-2 shared: (10 + 8) / 2
    assert "5½" in page  # places 5-6 shared: (4 + 3) / 2
    assert "Change the ladder" not in page


def test_a_ladder_links_players_to_their_profiles(client):
    series, event = _played(plain_director())
    player = event.entries.first().player
    page = client.get(reverse("people:ladder", args=[series.slug])).content.decode()
    assert reverse("people:profile", args=[player.pk]) in page


def test_a_ladder_with_nothing_finished_says_so(client):
    director = plain_director()
    series = series_of(director, [progressive(4, director=director)])
    page = client.get(reverse("people:ladder", args=[series.slug])).content.decode()
    assert 'id="ladder-empty"' in page


def test_an_unknown_ladder_is_not_found(client):
    assert client.get(reverse("people:ladder", args=["nope"])).status_code == 404


def test_the_ladder_sorts_by_a_column_asked_in_the_address(client):
    series, _ = _played(plain_director())
    url = reverse("people:ladder", args=[series.slug])
    for sort in ("player", "-total", "rank", "events", "qualified", "nonsense"):
        assert client.get(url, {"sort": sort}).status_code == 200


def test_the_ladder_downloads_as_csv(client):
    series, _ = _played(plain_director())
    response = client.get(reverse("people:ladder_csv", args=[series.slug]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:6] == ["rank", "player", "player_id", "points", "events", "qualified"]
    assert len(rows) == 9
    assert rows[1][0] == "1" and rows[1][3] == "9"
    assert {row[3] for row in rows[1:]} >= {"5.5"}


def test_a_big_ladder_reads_in_a_fixed_number_of_queries(
    client, monkeypatch, django_assert_max_num_queries
):
    director = plain_director()
    players = Player.objects.bulk_create([Player(name=f"P{n:03}") for n in range(300)])
    events = [TournamentFactory(director=director, status=FINISHED) for _ in range(4)]
    series = series_of(director, events, best_of=3)
    places = {
        event.pk: {p.pk: (n * (i + 3)) % 300 + 1 for n, p in enumerate(players)}
        for i, event in enumerate(events)
    }
    monkeypatch.setattr(selectors, "event_places", lambda tournament: places[tournament.pk])
    with django_assert_max_num_queries(12):
        response = client.get(reverse("people:ladder", args=[series.slug]))
    assert response.status_code == 200
    assert response.content.decode().count("<tr") >= 51  # a page of 50 rows and the header
    with django_assert_max_num_queries(8):
        response = client.get(reverse("people:ladder_csv", args=[series.slug]))
    assert response.content.decode().count("\n") == 301


# --- the director's pages ---


def test_a_director_starts_a_ladder_from_the_list(client):
    director = plain_director()
    client.force_login(director)
    response = client.post(
        reverse("people:series_list"),
        {
            "name": "Winter ladder",
            "format": "progressive",
            "points": "10, 8, 6",
            "best_of": "",
            "min_events": "2",
        },
    )
    series = Series.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(
        reverse("people:series_edit", args=[series.slug])
    )
    assert (series.points, series.best_of, series.min_events) == ([10, 8, 6], None, 2)
    page = client.get(reverse("people:series_list")).content.decode()
    assert "Winter ladder" in page


@pytest.mark.parametrize(
    ("points", "message"),
    [("10, -2", "Points can&#x27;t be negative"), ("ten", "whole numbers"), ("", "required")],
)
def test_a_bad_points_table_is_refused_on_the_page(client, points, message):
    client.force_login(plain_director())
    data = {"name": "L", "format": "progressive", "points": points, "min_events": "0"}
    response = client.post(reverse("people:series_list"), data)
    assert response.status_code == 200
    assert message in response.content.decode() or message == "required"
    assert not Series.objects.exists()


def test_the_list_needs_a_sign_in_and_a_director(client):
    url = reverse("people:series_list")
    assert client.get(url).status_code == 302
    client.force_login(player_user()[0])
    assert client.get(url).status_code == 403


def test_the_director_changes_rules_adds_and_removes_events(client):
    director = plain_director()
    series = series_of(director)
    event = TournamentFactory(director=director, format=Tournament.Format.PROGRESSIVE)
    client.force_login(director)
    url = reverse("people:series_edit", args=[series.slug])
    page = client.get(url).content.decode()
    assert event.name in page
    data = {"action": "rules", "name": "Renamed", "points": "5 3 1", "best_of": "2"}
    assert client.post(url, {**data, "min_events": "1"}).status_code == 302
    series.refresh_from_db()
    assert (series.name, series.points, series.best_of, series.min_events) == (
        "Renamed",
        [5, 3, 1],
        2,
        1,
    )
    assert client.post(url, {"action": "add", "tournament": event.pk}).status_code == 302
    assert SeriesEvent.objects.filter(series=series, tournament=event).exists()
    assert client.post(url, {"action": "remove", "tournament": event.pk}).status_code == 302
    assert not SeriesEvent.objects.exists()


def test_a_bad_rule_change_shows_the_message_and_keeps_the_rules(client):
    director = plain_director()
    series = series_of(director)
    client.force_login(director)
    url = reverse("people:series_edit", args=[series.slug])
    data = {"action": "rules", "name": "X", "points": "1, -1", "min_events": "0"}
    response = client.post(url, data)
    assert response.status_code == 200 and "negative" in response.content.decode()
    series.refresh_from_db()
    assert series.points == [10, 8, 6, 5, 4, 3, 2, 1]


def test_odd_values_in_the_edit_form_never_fail(client):
    director = plain_director()
    series = series_of(director)
    client.force_login(director)
    url = reverse("people:series_edit", args=[series.slug])
    for data in (
        {"action": "remove", "tournament": "x"},
        {"action": "add", "tournament": "²"},
        {"action": "?"},
        {"action": "rules", "points": "1\x00", "name": "a", "min_events": "١"},
    ):
        assert client.post(url, data).status_code in (200, 302, 404)


@pytest.mark.parametrize("role", ["other director", "manager", "player"])
def test_nobody_else_may_open_or_change_a_ladder(client, role):
    director = plain_director()
    series = series_of(director)
    user = {
        "other director": lambda: TournamentFactory(director=plain_director()).director,
        "manager": manager_user,
        "player": lambda: player_user()[0],
    }[role]()
    client.force_login(user)
    edit = reverse("people:series_edit", args=[series.slug])
    assert client.get(edit).status_code == 403
    data = {"action": "rules", "name": "X", "points": "1", "min_events": "0"}
    assert client.post(edit, data).status_code == 403
    invite = reverse("people:series_invite", args=[series.slug])
    assert client.post(invite, {"top": "2"}).status_code == 403
    series.refresh_from_db()
    assert series.name == "Winter ladder"


def test_anonymous_visitors_are_sent_to_sign_in(client):
    series = series_of(plain_director())
    assert client.get(reverse("people:series_edit", args=[series.slug])).status_code == 302
    assert client.post(reverse("people:series_invite", args=[series.slug])).status_code == 302


def test_an_administrator_may_open_any_ladder(client):
    series = series_of(plain_director())
    client.force_login(admin_user())
    assert client.get(reverse("people:series_edit", args=[series.slug])).status_code == 200


def test_inviting_the_top_twice_registers_them_once(client):
    director = plain_director()
    series, _ = _played(director)
    final = progressive(0, director=director)
    client.force_login(director)
    url = reverse("people:series_invite", args=[series.slug])
    first = client.post(url, {"top": "2", "final": final.pk}, follow=True)
    assert "2 players registered" in first.content.decode()
    second = client.post(url, {"top": "2", "final": final.pk}, follow=True)
    assert "0 players registered" in second.content.decode()
    assert "2 already entered" in second.content.decode()
    assert len(entry_players(final)) == 2


def test_an_invite_refused_by_the_service_shows_why(client):
    director = plain_director()
    series = series_of(director, [progressive(4, director=director)])
    final = progressive(0, director=director)
    client.force_login(director)
    url = reverse("people:series_invite", args=[series.slug])
    response = client.post(url, {"top": "2", "final": final.pk}, follow=True)
    assert "No event of this ladder has finished" in response.content.decode()
    assert not final.entries.exists()


def test_an_invite_without_a_final_is_a_form_error(client):
    director = plain_director()
    series, _ = _played(director)
    client.force_login(director)
    response = client.post(reverse("people:series_invite", args=[series.slug]), {"top": "0"})
    assert response.status_code == 400


def test_an_events_page_links_its_ladder(client):
    series, event = _played(plain_director())
    page = client.get(reverse("tournaments:detail", args=[event.slug])).content.decode()
    assert series.get_absolute_url() in page


def test_an_events_ladder_link_follows_the_ladders_changes(
    client, django_capture_on_commit_callbacks
):
    from people.services.series import series_add_event, series_remove_event, series_update

    director = plain_director()
    event = TournamentFactory(director=director, format=Tournament.Format.PROGRESSIVE)
    series = series_of(director, name="Spring ladder")
    url = reverse("tournaments:detail", args=[event.slug])
    assert "Season ladder" not in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        series_add_event(actor=director, series=series, tournament=event)
    assert "Season ladder: Spring ladder" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        series_update(actor=director, series=series, name="Summer", **_RULES)
    assert "Season ladder: Summer" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        series_remove_event(actor=director, series=series, tournament=event)
    assert "Season ladder" not in client.get(url).content.decode()


_RULES = {"points": [3, 2, 1], "best_of": None, "min_events": 0}
