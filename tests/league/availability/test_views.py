"""The answer buttons, the team's who's-coming page and the manager's page, for each role."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from league.availability.models import Availability
from league.availability.services import availability_answer
from tests.factories import manager_user
from tests.league.availability.factories import fixture_on, player_with_login, upcoming
from tests.league.night_factories import night_season, ready_team

pytestmark = pytest.mark.django_db


def _answer_url(fixture):
    return reverse("league:availability_answer", args=[fixture.pk])


def _said(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


# --- the answer buttons ---


def test_a_player_answers_for_themselves_and_comes_back(client):
    u = upcoming()
    user = player_with_login(u.home)
    client.force_login(user)
    response = client.post(_answer_url(u.fixture), {"answer": "coming", "next": "/my-team/"})
    assert response.status_code == 302 and response["Location"] == "/my-team/"
    row = Availability.objects.get()
    assert (row.player, row.answer, row.via) == (user.player, "coming", "page")


def test_an_outside_next_is_ignored(client):
    u = upcoming()
    client.force_login(player_with_login(u.home))
    response = client.post(
        _answer_url(u.fixture), {"answer": "coming", "next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("home")


def test_the_captain_answers_for_their_player(client):
    u = upcoming()
    client.force_login(u.home_captain)
    mate = u.mate(u.home)
    client.post(_answer_url(u.fixture), {"answer": "not_coming", "player": str(mate.pk)})
    assert Availability.objects.get().player == mate


def test_the_other_teams_captain_cant_answer_for_my_player(client):
    u = upcoming()
    client.force_login(u.away_captain)
    response = client.post(
        _answer_url(u.fixture), {"answer": "not_coming", "player": str(u.mate(u.home).pk)}
    )
    assert response.status_code == 403
    assert not Availability.objects.exists()


def test_someone_of_another_team_cant_answer_at_all(client):
    u = upcoming()
    _, third = ready_team(u.season, "Third")
    client.force_login(player_with_login(third))
    assert client.post(_answer_url(u.fixture), {"answer": "coming"}).status_code == 403


def test_a_manager_of_another_league_is_refused(client):
    u = upcoming()
    client.force_login(manager_user(league=night_season().league))
    response = client.post(
        _answer_url(u.fixture), {"answer": "coming", "player": str(u.mate(u.home).pk)}
    )
    assert response.status_code == 403
    assert not Availability.objects.exists()


def test_an_unknown_answer_is_said_and_nothing_written(client):
    u = upcoming()
    client.force_login(player_with_login(u.home))
    response = client.post(_answer_url(u.fixture), {"answer": "perhaps"})
    assert "Answer coming, not coming or maybe." in _said(response)
    assert not Availability.objects.exists()


def test_a_past_fixture_is_said_and_nothing_written(client):
    u = upcoming(days=-7)
    client.force_login(player_with_login(u.home))
    response = client.post(_answer_url(u.fixture), {"answer": "coming"})
    assert any("already started" in m for m in _said(response))
    assert not Availability.objects.exists()


def test_a_get_is_not_allowed(client):
    u = upcoming()
    client.force_login(u.home_captain)
    assert client.get(_answer_url(u.fixture)).status_code == 405


# --- the start page and my team ---


def test_the_start_page_shows_my_next_nights_with_my_answer(client):
    u = upcoming()
    user = player_with_login(u.home)
    availability_answer(fixture=u.fixture, player=user.player, answer="maybe", via="link")
    client.force_login(user)
    html = client.get(reverse("home")).content.decode()
    assert 'id="my-availability"' in html
    assert f'id="availability-{u.fixture.pk}"' in html
    assert 'value="maybe" aria-pressed="true"' in html


def test_a_captain_sees_the_short_handed_warning_with_its_fixes(client):
    u = upcoming()
    availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="not_coming", via="link")
    client.force_login(u.home_captain)
    html = client.get(reverse("home")).content.decode()
    assert 'id="short-handed"' in html
    assert f'id="short-{u.fixture.pk}-{u.home.pk}"' in html
    fixture_page = reverse("league:fixture_detail", args=[u.fixture.pk])
    assert fixture_page + "?announce=1#announce-forfeit" in html
    client.force_login(u.away_captain)  # the opponent's captain isn't warned of it
    assert 'id="short-handed"' not in client.get(reverse("home")).content.decode()


def test_my_team_shows_whos_coming_per_team(client):
    u = upcoming()
    availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="coming", via="link")
    client.force_login(u.home_captain)
    html = client.get(reverse("my_team")).content.decode()
    assert f'id="team-{u.home.pk}-night-{u.fixture.pk}"' in html
    assert f"Coming: {u.mate(u.home).name}" in html


# --- the team's page ---


def _team_url(team):
    return reverse("league:team_availability", args=[team.pk])


def test_the_team_sees_each_players_answer(client):
    u = upcoming()
    mate = u.mate(u.home)
    user = player_with_login(u.home)
    availability_answer(fixture=u.fixture, player=mate, answer="coming", via="link")
    client.force_login(user)
    html = client.get(_team_url(u.home)).content.decode()
    assert f'id="answer-{u.fixture.pk}-{mate.pk}"' in html
    assert "Set " not in html  # a player doesn't set the others' answers
    data = {"answer": "coming", "fixture": u.fixture.pk, "player": user.player.pk}
    assert client.post(_team_url(u.home), data).status_code == 403


def test_the_captain_sets_an_answer_told_in_person(client):
    u = upcoming()
    client.force_login(u.home_captain)
    mate = u.mate(u.home)
    response = client.post(
        _team_url(u.home), {"answer": "maybe", "fixture": u.fixture.pk, "player": mate.pk}
    )
    assert response.status_code == 302
    assert Availability.objects.get(player=mate).answer == "maybe"


def test_the_captain_of_another_team_is_refused(client):
    u = upcoming()
    client.force_login(u.away_captain)
    assert client.get(_team_url(u.home)).status_code == 403
    data = {"answer": "maybe", "fixture": u.fixture.pk, "player": u.mate(u.home).pk}
    assert client.post(_team_url(u.home), data).status_code == 403
    assert not Availability.objects.exists()


def test_a_fixture_of_another_team_is_not_found(client):
    u = upcoming()
    _, a = ready_team(u.season, "Other A")
    _, b = ready_team(u.season, "Other B")
    elsewhere = fixture_on(u.season, a, b, days=3)
    client.force_login(u.home_captain)
    data = {"answer": "maybe", "fixture": elsewhere.pk, "player": u.mate(u.home).pk}
    assert client.post(_team_url(u.home), data).status_code == 404
    assert not Availability.objects.exists()


def test_a_player_of_the_opponent_is_refused_with_a_message(client):
    u = upcoming()
    client.force_login(u.home_captain)
    data = {"answer": "maybe", "fixture": u.fixture.pk, "player": u.mate(u.away).pk}
    response = client.post(_team_url(u.home), data)
    assert response.status_code == 403
    assert not Availability.objects.exists()


# --- the manager's page and card ---


def _season_url(season):
    return reverse("league:season_availability", args=[season.league.slug, season.slug])


def test_the_manager_sees_short_fixtures_and_every_count(client):
    u = upcoming()
    availability_answer(fixture=u.fixture, player=u.mate(u.away), answer="not_coming", via="link")
    client.force_login(manager_user(league=u.season.league))
    html = client.get(_season_url(u.season)).content.decode()
    assert "Short-handed fixtures (1)" in html
    assert f'id="short-{u.fixture.pk}-{u.away.pk}"' in html
    assert f'id="fixture-{u.fixture.pk}"' in html
    dashboard = reverse("league:season_dashboard", args=[u.season.league.slug, u.season.slug])
    card = client.get(dashboard).content.decode()
    assert 'id="short-handed-fixtures"' in card and "Short-handed fixtures (1)" in card


def test_a_manager_of_another_league_and_a_captain_are_refused(client):
    u = upcoming()
    client.force_login(manager_user(league=night_season().league))
    assert client.get(_season_url(u.season)).status_code == 403
    client.force_login(u.home_captain)
    assert client.get(_season_url(u.season)).status_code == 403


def test_the_managers_page_reads_few_queries(client, django_assert_max_num_queries):
    u = upcoming()
    for n in range(5):
        _, a = ready_team(u.season, f"A{n}")
        _, b = ready_team(u.season, f"B{n}")
        fixture_on(u.season, a, b, days=1 + n)
    client.force_login(manager_user(league=u.season.league))
    with django_assert_max_num_queries(12):
        assert client.get(_season_url(u.season)).status_code == 200


def test_the_warning_links_to_the_sub_finder_for_that_fixture_and_team(client):
    u = upcoming()
    availability_answer(fixture=u.fixture, player=u.mate(u.home), answer="not_coming", via="link")
    client.force_login(u.home_captain)
    html = client.get(reverse("home")).content.decode()
    sub_url = reverse("league:sub_request", kwargs={"pk": u.fixture.pk, "team": u.home.pk})
    assert f'href="{sub_url}"' in html
