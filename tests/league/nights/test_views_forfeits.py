"""Forfeit pages and writes per role: record, announce, overturn, the manager's list, reviews."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.nights.models import Forfeit, PlayoffReview
from league.nights.services.forfeits import forfeit_record
from tests.factories import director_user, manager_user, player_user
from tests.league.night_factories import fixture_between, night, night_season, ready_team

pytestmark = pytest.mark.django_db


def _user(who, n):
    return {
        "anonymous": lambda: None,
        "player": lambda: player_user(team=n.home)[0],
        "other_captain": lambda: ready_team(n.season, "Bystanders")[0],
        "director": director_user,
        "home_captain": lambda: n.home_captain,
        "away_captain": lambda: n.away_captain,
        "manager": manager_user,
    }[who]()


def _as(client, user):
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("who", "status", "recorded"),
    [
        ("anonymous", 302, False),
        ("player", 403, False),
        ("other_captain", 403, False),
        ("director", 403, False),
        ("home_captain", 302, True),
        ("away_captain", 302, True),
        ("manager", 302, True),
    ],
)
def test_recording_a_late_team_per_role(client, who, status, recorded):
    n = night()
    url = reverse("league:forfeit_record", args=[n.fixture.pk])
    data = {"team": n.away.pk, "situation": "late", "minutes_late": "21", "note": "Traffic"}
    response = _as(client, _user(who, n)).post(url, data)
    assert response.status_code == status
    assert Forfeit.objects.filter(team=n.away, games=[1, 2]).exists() is recorded


def test_bad_forfeit_input_is_explained_and_changes_nothing(client):
    n = night()
    url = reverse("league:forfeit_record", args=[n.fixture.pk])
    _as(client, n.home_captain)
    for data in (
        {"team": n.away.pk, "situation": "late"},
        {"team": "999999", "situation": "no_show"},
        {"team": n.away.pk, "situation": "late", "minutes_late": "5"},
        {"team": "x", "situation": "??"},
    ):
        response = client.post(url, data, follow=True)
        assert response.status_code == 200
        assert "message-error" in response.content.decode()
    assert not Forfeit.objects.exists()


def test_the_fixture_page_shows_the_mark_and_lets_a_manager_overturn(client):
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, one_player=True)
    public = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert "forfeit-mark" in public and "Overturn" not in public
    _as(client, manager_user())
    page = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert "Overturn forfeit" in page
    url = reverse("league:forfeit_overturn", args=[forfeit.pk])
    client.post(url, {"reason": "They were there; the clock was fast."})
    forfeit.refresh_from_db()
    assert forfeit.overturned_at is not None


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("player", 403), ("home_captain", 403), ("director", 403)],
)
def test_overturning_is_for_managers(client, who, status):
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, no_show=True)
    url = reverse("league:forfeit_overturn", args=[forfeit.pk])
    response = _as(client, _user(who, n)).post(url, {"reason": "Please."})
    assert response.status_code == status
    forfeit.refresh_from_db()
    assert forfeit.overturned_at is None


@pytest.mark.parametrize(
    ("who", "status", "announced"),
    [
        ("anonymous", 302, False),
        ("player", 403, False),
        ("away_captain", 403, False),  # not their team
        ("director", 403, False),
        ("home_captain", 302, True),
        ("manager", 302, True),
    ],
)
def test_announcing_a_forfeit_per_role(client, who, status, announced):
    n = night(date=timezone.localdate() + datetime.timedelta(days=3))
    url = reverse("league:forfeit_announce", args=[n.fixture.pk])
    response = _as(client, _user(who, n)).post(url, {"team": n.home.pk, "note": "Vacation"})
    assert response.status_code == status
    assert Forfeit.objects.filter(team=n.home, reason="announced").exists() is announced


def test_a_captain_sees_the_announce_form_before_the_night(client):
    n = night(date=timezone.localdate() + datetime.timedelta(days=3))
    page = _as(client, n.home_captain).get(reverse("league:fixture_detail", args=[n.fixture.pk]))
    html = page.content.decode()
    assert f"Announce forfeit for {n.home}" in html
    assert "Enter the final scores" not in html


def _twice_late(n):
    rival = ready_team(n.season, "Rival")[1]
    second = fixture_between(n.season, n.away, rival, week=2)
    forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, no_show=True)
    forfeit_record(fixture=second, team=n.away, by=manager_user(), no_show=True)
    return PlayoffReview.objects.get()


@pytest.mark.parametrize("who", ["anonymous", "player", "home_captain", "director"])
def test_the_forfeits_page_and_reviews_are_for_managers(client, who):
    n = night()
    review = _twice_late(n)
    season = n.season
    _as(client, _user(who, n))
    page = client.get(reverse("league:season_forfeits", args=[season.league.slug, season.slug]))
    assert page.status_code in (302, 403)
    url = reverse("league:review_decide", args=[season.league.slug, season.slug, review.pk])
    assert client.post(url, {"decision": "exclude"}).status_code in (302, 403)
    review.refresh_from_db()
    assert review.decision == "pending"


def test_a_manager_decides_a_playoff_place_from_the_forfeits_page(client):
    n = night(night_season())
    review = _twice_late(n)
    season = n.season
    _as(client, manager_user())
    page = client.get(reverse("league:season_forfeits", args=[season.league.slug, season.slug]))
    assert "Playoff places to decide" in page.content.decode()
    url = reverse("league:review_decide", args=[season.league.slug, season.slug, review.pk])
    client.post(url, {"decision": "keep", "note": "Illness, documented."})
    review.refresh_from_db()
    assert review.decision == "keep"
    bad = client.post(url, {"decision": "perhaps"}, follow=True)
    assert "message-error" in bad.content.decode()


def test_the_team_page_shows_its_forfeits_and_the_lost_guarantee(client):
    n = night()
    _twice_late(n)
    html = client.get(reverse("league:team_detail", args=[n.away.pk])).content.decode()
    assert "2 forfeits this season" in html
    assert 'id="guarantee-lost"' in html
    assert "waiting for the manager" in html
