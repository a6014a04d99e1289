"""The withdraw page says what happens to the team's fixtures, then asks to confirm."""

import datetime

import pytest
from django.urls import reverse

from league.seasons.models import Fixture, Team
from tests.factories import LeagueFactory, captain_user, manager_user
from tests.league.factories import TUESDAY, FixtureFactory, make_season

pytestmark = pytest.mark.django_db


def _season_with_fixtures():
    """A draft season in 2030: A1 plays A2 twice, both still to come."""
    season = make_season(teams_per_level=(2,))
    team, rival = season.teams.get(name="A1"), season.teams.get(name="A2")
    for week in (1, 2):
        FixtureFactory(
            season=season,
            week=week,
            date=TUESDAY + datetime.timedelta(weeks=week - 1),
            home=team,
            away=rival,
        )
    return season, team


def _url(season, team):
    return reverse("league:team_withdraw", args=[season.league.slug, season.slug, team.pk])


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("captain", 403), ("other_manager", 403), ("manager", 200)],
)
def test_the_withdraw_page_is_for_this_leagues_managers(client, who, status):
    season, team = _season_with_fixtures()
    users = {
        "captain": lambda: captain_user(team=team)[0],
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "manager": lambda: manager_user(league=season.league),
    }
    if who in users:
        client.force_login(users[who]())
    assert client.get(_url(season, team)).status_code == status
    post = client.post(_url(season, team), {"reason": "Folded.", "confirm": "on"})
    assert post.status_code == (302 if who in ("anonymous", "manager") else 403)
    expected = Team.Status.WITHDRAWN if who == "manager" else Team.Status.ACTIVE
    assert Team.objects.get(pk=team.pk).status == expected


def test_the_page_says_what_happens_before_confirming(client):
    season, team = _season_with_fixtures()
    client.force_login(manager_user(league=season.league))
    page = client.get(_url(season, team)).content.decode()
    assert "Its 2 remaining fixtures become byes for the opponents." in page
    assert "regenerate it to leave the team out" in page
    assert "A2 gets a bye" in page


def test_without_the_tick_or_a_reason_nothing_happens(client):
    season, team = _season_with_fixtures()
    client.force_login(manager_user(league=season.league))
    for data in ({"reason": "Folded."}, {"reason": "", "confirm": "on"}):
        response = client.post(_url(season, team), data)
        assert response.status_code == 200
        assert "This field is required." in response.content.decode()
    assert Team.objects.get(pk=team.pk).status == Team.Status.ACTIVE
    assert Fixture.objects.filter(away=team).count() == 0  # A1 is home in both
    assert Fixture.objects.filter(home=team, away__isnull=False).count() == 2


def test_confirming_withdraws_the_team_and_says_what_became_of_its_fixtures(client):
    season, team = _season_with_fixtures()
    client.force_login(manager_user(league=season.league))
    response = client.post(_url(season, team), {"reason": "Folded.", "confirm": "on"}, follow=True)
    manage = reverse("league:team_manage", args=[season.league.slug, season.slug, team.pk])
    assert response.redirect_chain[-1][0] == manage
    messages = [str(m) for m in response.context["messages"]]
    assert "A1 has withdrawn. 2 fixtures became byes for the opponents." in messages
    assert not Fixture.objects.filter(home=team).exists()
    again = client.get(_url(season, team)).content.decode()
    assert "already left the league (withdrawn)" in again
