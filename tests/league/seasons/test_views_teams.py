"""The manager's team and venue pages, and the setup page's list of teams."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.seasons.models import Fixture, RosterEntry, Season, Team, Venue
from tests.factories import (
    LeagueFactory,
    RosterEntryFactory,
    TeamFactory,
    captain_user,
    manager_user,
)
from tests.league.factories import FixtureFactory, make_season

pytestmark = pytest.mark.django_db


def _url(name, season, *extra):
    return reverse(f"league:{name}", args=[season.league.slug, season.slug, *extra])


def _setup():
    season = make_season(teams_per_level=(2, 2), tables=2)
    return season, season.teams.get(name="A1"), season.venues.get()


def _messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("captain", 403), ("other_manager", 403), ("manager", 200)],
)
def test_team_and_venue_pages_are_for_this_leagues_managers(client, who, status):
    season, team, venue = _setup()
    users = {
        "captain": lambda: captain_user(team=team)[0],
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "manager": lambda: manager_user(league=season.league),
    }
    if who in users:
        client.force_login(users[who]())
    for url in (_url("team_manage", season, team.pk), _url("venue_edit", season, venue.pk)):
        response = client.get(url)
        assert response.status_code == status
        if who == "anonymous":
            assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("who", ["captain", "other_manager"])
def test_writes_from_anyone_else_are_refused_and_change_nothing(client, who):
    season, team, venue = _setup()
    user = captain_user(team=team)[0] if who == "captain" else manager_user(league=LeagueFactory())
    client.force_login(user)
    team_url = _url("team_manage", season, team.pk)
    venue_url = _url("venue_edit", season, venue.pk)
    assert client.post(team_url, {"action": "rename", "rename-name": "X"}).status_code == 403
    data = {"action": "save", "name": "Mine", "address": "", "tables": 2}
    assert client.post(venue_url, data).status_code == 403
    assert client.post(venue_url, {"action": "remove"}).status_code == 403
    assert Team.objects.get(pk=team.pk).name == "A1"
    assert season.venues.filter(pk=venue.pk, name=venue.name).exists()


def test_a_team_of_another_season_is_not_found_here(client):
    season, _, _ = _setup()
    stranger = TeamFactory(season__league=season.league)
    client.force_login(manager_user(league=season.league))
    assert client.get(_url("team_manage", season, stranger.pk)).status_code == 404


def test_the_manager_renames_a_team(client):
    season, team, _ = _setup()
    client.force_login(manager_user(league=season.league))
    url = _url("team_manage", season, team.pk)
    response = client.post(url, {"action": "rename", "rename-name": "Left Bowers"}, follow=True)
    assert response.redirect_chain[-1][0] == url
    assert "Renamed to Left Bowers." in _messages(response)
    assert Team.objects.get(pk=team.pk).name == "Left Bowers"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "This field is required."),
        ("x" * 121, "at most 120 characters"),
        ("a2", "already has a team called a2"),
    ],
)
def test_a_bad_name_gets_a_message_and_changes_nothing(client, name, message):
    season, team, _ = _setup()
    client.force_login(manager_user(league=season.league))
    response = client.post(
        _url("team_manage", season, team.pk), {"action": "rename", "rename-name": name}
    )
    assert response.status_code == 200
    assert message in response.content.decode() or any(message in m for m in _messages(response))
    assert Team.objects.get(pk=team.pk).name == "A1"


def test_moving_a_team_in_a_draft_says_to_regenerate(client):
    season, team, _ = _setup()
    FixtureFactory(season=season, home=team, away=season.teams.get(name="A2"))
    client.force_login(manager_user(league=season.league))
    level_b = season.skill_levels.get(name="B")
    response = client.post(
        _url("team_manage", season, team.pk),
        {"action": "level", "level-skill_level": level_b.pk},
        follow=True,
    )
    assert any("regenerate the schedule" in m for m in _messages(response))
    assert Team.objects.get(pk=team.pk).skill_level == level_b


def test_a_published_team_with_fixtures_shows_why_its_level_stays(client):
    season, team, _ = _setup()
    FixtureFactory(season=season, home=team, away=season.teams.get(name="A2"))
    Season.objects.filter(pk=season.pk).update(
        schedule_state=Season.ScheduleState.PUBLISHED, schedule_published_at=timezone.now()
    )
    client.force_login(manager_user(league=season.league))
    url = _url("team_manage", season, team.pk)
    page = client.get(url).content.decode()
    assert "it stays there this season" in page and 'value="level"' not in page
    level_b = season.skill_levels.get(name="B")
    response = client.post(url, {"action": "level", "level-skill_level": level_b.pk})
    assert response.status_code == 200
    assert any("its level stays for this season" in m for m in _messages(response))
    assert Team.objects.get(pk=team.pk).skill_level.name == "A"


def test_the_team_page_links_to_withdrawing_and_a_withdrawn_team_has_no_forms(client):
    season, team, _ = _setup()
    client.force_login(manager_user(league=season.league))
    url = _url("team_manage", season, team.pk)
    assert _url("team_withdraw", season, team.pk) in client.get(url).content.decode()
    Team.objects.filter(pk=team.pk).update(status=Team.Status.WITHDRAWN)
    page = client.get(url).content.decode()
    assert "has left the league (withdrawn)" in page and 'value="rename"' not in page


def test_the_manager_edits_a_venue(client):
    season, _, venue = _setup()
    client.force_login(manager_user(league=season.league))
    data = {"action": "save", "name": "The Crown", "address": "1 High St", "tables": 3}
    response = client.post(_url("venue_edit", season, venue.pk), data, follow=True)
    assert response.redirect_chain[-1][0] == _url("season_setup", season)
    venue.refresh_from_db()
    assert (venue.name, venue.address, venue.tables.count()) == ("The Crown", "1 High St", 3)


def test_a_bad_venue_edit_gets_a_message_and_changes_nothing(client):
    season, _, venue = _setup()
    Venue.objects.create(league=season.league, name="The Pub")
    client.force_login(manager_user(league=season.league))
    url = _url("venue_edit", season, venue.pk)
    for data, message in [
        ({"name": "", "tables": 2}, "This field is required."),
        ({"name": "the pub", "tables": 2}, "already has a venue called the pub"),
        ({"name": "New", "tables": 500}, "less than or equal to 200"),
    ]:
        response = client.post(url, {"action": "save", "address": "", **data})
        assert response.status_code == 200
        page = response.content.decode()
        assert message in page or any(message in m for m in _messages(response))
    assert Venue.objects.get(pk=venue.pk).name == venue.name


def test_removing_a_venue_with_fixtures_to_play_names_how_many(client):
    season, team, venue = _setup()
    FixtureFactory(
        season=season, home=team, away=season.teams.get(name="A2"), table=venue.tables.first()
    )
    Season.objects.filter(pk=season.pk).update(
        schedule_state=Season.ScheduleState.PUBLISHED, schedule_published_at=timezone.now()
    )
    client.force_login(manager_user(league=season.league))
    url = _url("venue_edit", season, venue.pk)
    assert "1 fixture of" in client.get(url).content.decode()
    response = client.post(url, {"action": "remove"})
    assert any("1 fixture of" in m and "is scheduled" in m for m in _messages(response))
    assert season.venues.filter(pk=venue.pk).exists()


def test_removing_an_unused_venue_takes_it_off_the_season(client):
    season, _, venue = _setup()
    client.force_login(manager_user(league=season.league))
    response = client.post(_url("venue_edit", season, venue.pk), {"action": "remove"}, follow=True)
    assert response.redirect_chain[-1][0] == _url("season_setup", season)
    assert not Venue.objects.filter(pk=venue.pk).exists()


def test_the_setup_page_lists_the_teams_with_links_level_captain_and_status(client):
    season, team, venue = _setup()
    captain = team.roster.get(role=RosterEntry.Role.CAPTAIN).player
    Team.objects.filter(name="B2", season=season).update(status=Team.Status.WITHDRAWN)
    client.force_login(manager_user(league=season.league))
    page = client.get(_url("season_setup", season)).content.decode()
    assert _url("team_manage", season, team.pk) in page
    assert _url("venue_edit", season, venue.pk) in page
    assert "Teams (4)" in page and captain.name in page
    assert "Withdrawn" in page


def test_the_setup_page_reads_the_teams_in_a_fixed_number_of_queries(client):
    season, _, _ = _setup()
    client.force_login(manager_user(league=season.league))
    url = _url("season_setup", season)
    client.get(url)
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    level = season.skill_levels.first()
    for n in range(10):
        extra = TeamFactory(season=season, skill_level=level, name=f"Extra {n}")
        RosterEntryFactory(team=extra, role=RosterEntry.Role.CAPTAIN)
    with CaptureQueriesContext(connection) as many:
        response = client.get(url)
    assert "Teams (14)" in response.content.decode()
    assert len(many) == len(few)
    assert not Fixture.objects.exists()
