"""The reminder's link: answers without signing in, and only for its own player and fixture."""

import datetime

import pytest
from django.core import signing
from django.urls import reverse

from league.availability.links import SALT, answer_path, answer_token
from league.availability.models import Availability
from league.seasons.models import Fixture
from tests.league.availability.factories import fixture_on, upcoming
from tests.league.night_factories import ready_team

pytestmark = pytest.mark.django_db


def test_the_page_shows_the_fixture_and_three_buttons_and_a_get_writes_nothing(client):
    u = upcoming()
    response = client.get(answer_path(u.fixture, u.mate(u.home)))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Bowers" in html and "Jacks" in html and u.mate(u.home).name in html
    for value in ("coming", "not_coming", "maybe"):
        assert f'value="{value}"' in html
    assert not Availability.objects.exists()


def test_a_post_answers_for_the_links_player(client):
    u = upcoming()
    mate = u.mate(u.home)
    response = client.post(answer_path(u.fixture, mate), {"answer": "not_coming"})
    assert response.status_code == 200
    assert "Thanks" in response.content.decode()
    row = Availability.objects.get()
    assert (row.player, row.answer, row.via) == (mate, "not_coming", "link")


def test_a_tampered_token_is_refused(client):
    u = upcoming()
    path = answer_path(u.fixture, u.mate(u.home))
    forged = path[:-3] + ("A" if path[-3] != "A" else "B") + path[-2:]
    assert client.post(forged, {"answer": "coming"}).status_code == 404
    made_elsewhere = signing.dumps({"f": u.fixture.pk, "p": u.mate(u.home).pk}, salt="other")
    url = reverse("league:availability_link", args=[u.fixture.pk, made_elsewhere])
    assert client.post(url, {"answer": "coming"}).status_code == 404
    assert not Availability.objects.exists()


def test_a_link_for_another_fixture_is_refused(client):
    u = upcoming()
    other = fixture_on(u.season, u.home, u.away, days=9)
    token = answer_token(u.fixture, u.mate(u.home))
    url = reverse("league:availability_link", args=[other.pk, token])
    assert client.post(url, {"answer": "coming"}).status_code == 404
    assert not Availability.objects.exists()


def test_an_expired_link_is_refused(client, monkeypatch):
    u = upcoming()
    old = datetime.datetime.now().timestamp() - 22 * 24 * 3600
    monkeypatch.setattr("django.core.signing.time.time", lambda: old)
    path = answer_path(u.fixture, u.mate(u.home))
    monkeypatch.undo()
    assert client.get(path).status_code == 404
    assert client.post(path, {"answer": "coming"}).status_code == 404
    assert not Availability.objects.exists()


def test_an_unknown_answer_is_refused_with_a_message(client):
    u = upcoming()
    response = client.post(answer_path(u.fixture, u.mate(u.home)), {"answer": "yes"})
    assert response.status_code == 400
    assert "Answer coming, not coming or maybe." in response.content.decode()
    assert not Availability.objects.exists()


def test_a_cancelled_fixture_takes_no_answer(client):
    u = upcoming()
    Fixture.objects.filter(pk=u.fixture.pk).update(status=Fixture.Status.CANCELLED)
    response = client.post(answer_path(u.fixture, u.mate(u.home)), {"answer": "coming"})
    assert response.status_code == 400
    assert "cancelled" in response.content.decode()
    assert not Availability.objects.exists()


def test_a_token_made_with_the_salt_for_a_player_of_neither_team_is_refused(client):
    u = upcoming()
    _, third = ready_team(u.season, "Third")
    stranger = third.roster.first().player
    token = signing.dumps({"f": u.fixture.pk, "p": stranger.pk}, salt=SALT)
    url = reverse("league:availability_link", args=[u.fixture.pk, token])
    response = client.post(url, {"answer": "coming"})
    assert response.status_code == 400
    assert not Availability.objects.exists()
