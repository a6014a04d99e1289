"""Playoff pages per role: the public bracket (phone-friendly), the manager's seeding and awards."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.playoffs.models import PlayoffBracket, PlayoffMatch, PlayoffRound
from league.playoffs.services import playoffs_create
from tests.factories import director_user, manager_user, player_user
from tests.league.night_factories import captain_of, finished_season, playoff_dates

pytestmark = pytest.mark.django_db

FOUR = {"A": ["One", "Two", "Three", "Four"]}


def _user(who, teams):
    return {
        "anonymous": lambda: None,
        "player": lambda: player_user(team=teams["One"])[0],
        "captain": lambda: captain_of(teams["One"]),
        "director": director_user,
        "manager": manager_user,
    }[who]()


def _as(client, user):
    if user is not None:
        client.force_login(user)
    return client


def test_the_bracket_page_shows_seeds_series_and_the_champion(client):
    season, teams = finished_season({"A": ["One", "Two"]})
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    url = reverse("league:season_playoffs", args=[season.league.slug, season.slug])
    page = client.get(url).content.decode()
    assert "Final" in page and "Series: best of 3" in page
    assert 'class="seed">1<' in page
    match = bracket.matches.get()
    from league.playoffs.services import playoff_match_award

    playoff_match_award(match=match, winner=teams["Two"], by=manager_user(), reason="Walkover.")
    page = client.get(url).content.decode()
    assert f'id="champion-{bracket.pk}"' in page and "Champion: <strong>Two</strong>" in page
    assert "Walkover." in page


def test_before_seeding_the_page_says_so_and_managers_see_the_seeds(client):
    season, _ = finished_season(FOUR)
    url = reverse("league:season_playoffs", args=[season.league.slug, season.slug])
    assert "haven't been seeded yet" in client.get(url).content.decode()
    manage = reverse("league:playoffs_manage", args=[season.league.slug, season.slug])
    page = _as(client, manager_user()).get(manage).content.decode()
    assert page.index("One") < page.index("Two") < page.index("Four")
    assert 'name="round_2"' in page and 'name="round_3"' not in page


@pytest.mark.parametrize(
    ("who", "status", "created"),
    [
        ("anonymous", 302, False),
        ("player", 403, False),
        ("captain", 403, False),
        ("director", 403, False),
        ("manager", 302, True),
    ],
)
def test_seeding_per_role(client, who, status, created):
    season, teams = finished_season(FOUR)
    dates = playoff_dates(season)
    url = reverse("league:playoffs_manage", args=[season.league.slug, season.slug])
    data = {"round_1": dates[0].isoformat(), "round_2": dates[1].isoformat()}
    response = _as(client, _user(who, teams)).post(url, data)
    assert response.status_code == status
    assert PlayoffBracket.objects.exists() is created


def test_bad_dates_are_explained_and_create_nothing(client):
    season, _ = finished_season(FOUR)
    url = reverse("league:playoffs_manage", args=[season.league.slug, season.slug])
    _as(client, manager_user())
    far = timezone.localdate() + datetime.timedelta(days=30)
    for data in (
        {"round_1": "soon"},
        {"round_1": "2026-13-01", "round_2": ""},
        {
            "round_1": (far - datetime.timedelta(days=20)).isoformat(),
            "round_2": far.isoformat(),
        },
    ):
        response = client.post(url, data, follow=True)
        assert response.status_code == 200
        assert "message-error" in response.content.decode()
    assert not PlayoffBracket.objects.exists()


@pytest.mark.parametrize(
    ("who", "status", "awarded"),
    [
        ("anonymous", 302, False),
        ("captain", 403, False),
        ("director", 403, False),
        ("manager", 302, True),
    ],
)
def test_awarding_a_series_per_role(client, who, status, awarded):
    season, teams = finished_season(FOUR)
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    match = bracket.matches.get(round=1, position=1)
    url = reverse("league:playoff_award", args=[match.pk])
    response = _as(client, _user(who, teams)).post(
        url, {"winner": match.bottom_id, "reason": "Top seed can't play."}
    )
    assert response.status_code == status
    assert PlayoffMatch.objects.get(pk=match.pk).winner_id == (match.bottom_id if awarded else None)


def test_an_award_without_a_proper_winner_is_refused(client):
    season, teams = finished_season(FOUR)
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    match = bracket.matches.get(round=1, position=1)
    _as(client, manager_user())
    typed = ("abc", "²", "١", "\x00", "9" * 40, teams["Two"].pk)
    for data in ({"winner": winner, "reason": "x"} for winner in typed):
        response = client.post(reverse("league:playoff_award", args=[match.pk]), data, follow=True)
        assert "message-error" in response.content.decode()
    assert PlayoffMatch.objects.get(pk=match.pk).winner_id is None


@pytest.mark.parametrize(
    ("who", "status", "moved"),
    [
        ("anonymous", 302, False),
        ("captain", 403, False),
        ("director", 403, False),
        ("manager", 302, True),
    ],
)
def test_moving_a_round_per_role(client, who, status, moved):
    season, teams = finished_season(FOUR)
    dates = playoff_dates(season)
    (bracket,) = playoffs_create(season=season, by=manager_user(), round_dates=dates)
    url = reverse("league:playoff_round_date", args=[bracket.pk, 2])
    new = dates[1] + datetime.timedelta(days=1)
    response = _as(client, _user(who, teams)).post(url, {"date": new.isoformat()})
    assert response.status_code == status
    assert (PlayoffRound.objects.get(bracket=bracket, number=2).date == new) is moved


def test_the_bracket_page_uses_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    counts = []
    for names in (["a1", "a2", "a3", "a4"], [f"b{i}" for i in range(12)]):
        season, _ = finished_season({"A": names})
        playoffs_create(season=season, by=manager_user(), round_dates=playoff_dates(season, 4))
        url = reverse("league:season_playoffs", args=[season.league.slug, season.slug])
        with django_assert_max_num_queries(12) as captured:
            assert client.get(url).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]
