"""Double clicks and two people at once, as real concurrent requests on PostgreSQL.

Each call runs in its own thread and database connection, released together by a barrier;
the database constraints decide, and every loser gets the existing row or a message.
"""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from accounts.models import Invitation
from league.seasons import services
from league.seasons.models import League, Player, RosterEntry, Season, SkillLevel, Team, Waiver
from tests.concurrency import at_once
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    UserFactory,
    captain_user,
    manager_user,
)
from tests.league.factories import TUESDAY, FixtureFactory, make_season

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _post(user, url, data):
    """A logged-in POST: (status, page text after any redirect)."""

    def call():
        client = Client()
        client.force_login(user)
        response = client.post(url, data, follow=True)
        first = response.redirect_chain[0][1] if response.redirect_chain else response.status_code
        return first, response.content.decode()

    return call


def _refused(outcomes):
    return [o for o in outcomes if isinstance(o, ValidationError)]


# --- players and rosters ---


def test_two_roster_adds_of_one_new_email_at_once_make_one_player():
    season = make_season(teams_per_level=(1,))
    team = season.teams.get()
    captain, _ = captain_user(team=team)
    url = reverse("league:roster_edit", args=[team.pk])
    data = {"action": "add", "name": "Nora New", "email": "nora@example.com", "role": "player"}
    outcomes = at_once(_post(captain, url, data), _post(captain, url, data))
    assert sorted(status for status, _ in outcomes) == [200, 302], outcomes
    assert Player.objects.filter(email="nora@example.com").count() == 1
    assert team.roster.filter(player__email="nora@example.com").count() == 1
    pages = dict(outcomes)
    assert "Nora New added." in pages[302]
    assert f"nora@example.com is already on {team.name}." in pages[200]


def test_find_or_create_at_once_finds_the_one_player():
    outcomes = at_once(
        *[
            lambda: services.player_find_or_create(name="Ann", email="ANN@example.com")
            for _ in range(4)
        ]
    )
    assert all(isinstance(o, Player) for o in outcomes), outcomes
    assert len({o.pk for o in outcomes}) == 1
    assert Player.objects.count() == 1


@pytest.mark.parametrize("existing", [False, True])
def test_one_player_added_to_two_teams_of_a_season_at_once_joins_one(existing):
    season = make_season(teams_per_level=(2,))
    first, second = season.teams.all()
    if existing:
        PlayerFactory(name="Pat Owner", email="pat@example.com")
    outcomes = at_once(
        *[
            lambda team=team: services.roster_add_player(
                team=team, name="Pat", email="pat@example.com"
            )
            for team in (first, second)
        ]
    )
    assert len(_refused(outcomes)) == 1, outcomes
    assert "already plays for another team" in _refused(outcomes)[0].messages[0]
    assert "Pat Owner" not in _refused(outcomes)[0].messages[0]
    assert Player.objects.filter(email="pat@example.com").count() == 1
    assert RosterEntry.objects.filter(season=season, player__email="pat@example.com").count() == 1


def test_two_captains_adding_one_new_email_at_once_make_one_player_and_an_invitation():
    season = make_season(teams_per_level=(2,))
    first, second = season.teams.all()
    calls = []
    for team in (first, second):
        captain, _ = captain_user(team=team)
        url = reverse("league:roster_edit", args=[team.pk])
        data = {"action": "add", "name": "Pat", "email": "pat@example.com", "role": "player"}
        calls.append(_post(captain, url, data))
    outcomes = at_once(*calls)
    assert [status for status, _ in outcomes] == [302, 302], outcomes
    pat = Player.objects.get(email="pat@example.com")
    assert RosterEntry.objects.filter(season=season, player=pat).count() == 1
    pages = " ".join(page for _, page in outcomes)
    assert "Pat added." in pages
    assert "An invitation to join" in pages and "was sent to pat@example.com" in pages
    invitation = Invitation.objects.get()
    assert RosterEntry.objects.get(player_id=invitation.player_id).team_id in (
        first.pk,
        second.pk,
    )


def test_a_double_click_adding_someones_email_sends_one_invitation():
    season = make_season(teams_per_level=(1,))
    team = season.teams.get()
    captain, _ = captain_user(team=team)
    PlayerFactory(name="Olivia Owner", email="olivia@example.com")
    url = reverse("league:roster_edit", args=[team.pk])
    data = {"action": "add", "name": "Liv", "email": "olivia@example.com", "role": "player"}
    outcomes = at_once(_post(captain, url, data), _post(captain, url, data))
    assert sorted(status for status, _ in outcomes) == [200, 302], outcomes
    assert "is already invited to" in dict(outcomes)[200]
    assert Invitation.objects.count() == 1
    assert team.roster.filter(player__name="Liv").count() == 1


def test_two_subs_of_one_new_email_for_a_fixture_at_once_make_one_sub():
    season = make_season(teams_per_level=(2,))
    home, away = season.teams.all()
    fixture = FixtureFactory(season=season, home=home, away=away)
    outcomes = at_once(
        *[
            lambda team=team: services.sub_add(
                team=team, fixture=fixture, name="Sam", email="sam@example.com"
            )
            for team in (home, away, home)
        ]
    )
    assert len(_refused(outcomes)) == 2, outcomes
    assert Player.objects.filter(email="sam@example.com").count() == 1
    assert RosterEntry.objects.filter(fixture=fixture, role="sub").count() == 1


def test_a_double_click_on_the_waiver_signs_it_once():
    season = make_season(teams_per_level=())
    user = UserFactory()
    player = PlayerFactory(name="Wes Waiver", user=user)
    RosterEntryFactory(team=Team.objects.create(season=season, name="T"), player=player)
    url = reverse("league:waiver_sign", args=[season.league.slug, season.slug])
    data = {"typed_name": "Wes Waiver", "agree": "on"}
    outcomes = at_once(_post(user, url, data), _post(user, url, data))
    assert sorted(status for status, _ in outcomes) == [200, 302], outcomes
    assert "You already signed" in dict(outcomes)[200]
    assert Waiver.objects.filter(player=player, season=season).count() == 1


# --- leagues, seasons, levels, teams and venues ---


def test_four_create_league_posts_at_once_make_one_league():
    organiser = manager_user()
    url = reverse("league:league_create")
    outcomes = at_once(*[_post(organiser, url, {"name": "Circle City Euchre"})] * 4)
    statuses = sorted(status for status, _ in outcomes)
    assert statuses == [200, 200, 200, 302], outcomes
    assert League.objects.filter(name="Circle City Euchre").count() == 1
    refused = [page for status, page in outcomes if status == 200]
    assert all("There is already a league called Circle City Euchre" in p for p in refused)


def test_leagues_whose_names_make_the_same_slug_at_once_each_get_their_own():
    names = ["Circle City", "Circle-City", "Circle  City!", "circle city?"]
    outcomes = at_once(*[lambda name=name: services.league_create(name=name) for name in names])
    assert all(isinstance(o, League) for o in outcomes), outcomes
    slugs = sorted(o.slug for o in outcomes)
    assert slugs == ["circle-city", "circle-city-2", "circle-city-3", "circle-city-4"]


def test_four_create_season_posts_at_once_make_one_season():
    league = LeagueFactory()
    manager = manager_user(league=league)
    url = reverse("league:season_create", args=[league.slug])
    data = {
        "name": "Fall 2030",
        "starts_on": TUESDAY.isoformat(),
        "start_time": "19:00",
        "weeks": 10,
        "skill_levels": "A, B",
    }
    outcomes = at_once(*[_post(manager, url, data)] * 4)
    assert sorted(status for status, _ in outcomes) == [200, 200, 200, 302], outcomes
    season = Season.objects.get(league=league)
    assert season.slug == "fall-2030"
    assert list(season.skill_levels.values_list("name", flat=True)) == ["A", "B"]
    refused = [page for status, page in outcomes if status == 200]
    assert all("already has a season called Fall 2030" in p for p in refused)


@pytest.mark.parametrize(
    ("action", "data", "model"),
    [
        ("level", {"level-name": "Masters"}, SkillLevel),
        ("team", {"team-name": "Left Bowers"}, Team),
    ],
)
def test_four_setup_adds_of_one_name_at_once_make_one(action, data, model):
    season = make_season(teams_per_level=())
    manager = manager_user(league=season.league)
    url = reverse("league:season_setup", args=[season.league.slug, season.slug])
    outcomes = at_once(*[_post(manager, url, {"action": action, **data})] * 4)
    statuses = sorted(status for status, _ in outcomes)
    assert 500 not in statuses and statuses.count(302) == 1, outcomes
    assert model.objects.filter(season=season).count() == 1
    refused = [page for status, page in outcomes if status == 200]
    assert all("already has a" in p for p in refused)


def test_the_same_venue_added_at_once_is_one_venue_with_its_tables():
    season = make_season(teams_per_level=(), tables=0)
    outcomes = at_once(
        *[lambda: services.venue_add(season=season, name="Taproom", tables=6) for _ in range(3)]
    )
    assert all(not isinstance(o, Exception) for o in outcomes), outcomes
    venue = season.venues.get(name="Taproom")
    assert venue.tables.count() == 6
