import csv
import datetime
import io

import pytest
from django.urls import reverse

from league.nights.services import reschedules
from league.seasons import services
from league.seasons.models import Fixture, League, Player, Season, Team, Waiver
from notices.models import Notice
from tests.factories import LeagueFactory, captain_user, director_user, manager_user, player_user
from tests.league.factories import TUESDAY, make_season

pytestmark = pytest.mark.django_db


def _season_url(name, season, *extra):
    return reverse(f"league:{name}", args=[season.league.slug, season.slug, *extra])


MANAGER_PAGES = [
    "season_dashboard",
    "season_settings",
    "season_setup",
    "season_import",
    "season_roster",
]


@pytest.mark.parametrize("page", MANAGER_PAGES)
@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("player", 403), ("captain", 403), ("director", 403), ("manager", 200)],
)
def test_season_management_pages_are_for_managers(client, page, role, status):
    season = make_season(teams_per_level=(2,))
    users = {
        "player": lambda: player_user(team=season.teams.first())[0],
        "captain": lambda: captain_user(team=season.teams.first())[0],
        "director": director_user,
        "manager": manager_user,
    }
    if role in users:
        client.force_login(users[role]())
    assert client.get(_season_url(page, season)).status_code == status


@pytest.mark.parametrize("role", ["player", "captain", "director"])
def test_schedule_writes_are_refused_to_everyone_but_managers(client, role):
    season = make_season(teams_per_level=(4,))
    users = {
        "player": lambda: player_user()[0],
        "captain": lambda: captain_user()[0],
        "director": director_user,
    }
    client.force_login(users[role]())
    assert client.post(_season_url("schedule_generate", season)).status_code == 403
    assert not season.fixtures.exists()
    if role != "director":  # directors made here are organisers, who may create leagues
        assert client.post(reverse("league:league_create"), {"name": "X"}).status_code == 403
        assert not League.objects.filter(name="X").exists()


@pytest.fixture
def manager(client):
    user = manager_user()
    client.force_login(user)
    return user


def test_a_manager_creates_a_league_and_a_season_copied_from_the_last(client, manager):
    response = client.post(reverse("league:league_create"), {"name": "CCA Euchre League"})
    league = League.objects.get()
    assert response.url == reverse("league:season_create", args=[league.slug])
    old = make_season(teams_per_level=(2,), league=league)
    response = client.post(
        reverse("league:season_create", args=[league.slug]),
        {
            "name": "Spring 2031",
            "starts_on": "2031-03-04",
            "start_time": "18:30",
            "weeks": 8,
            "skill_levels": "",
            "copy_from": old.pk,
        },
    )
    season = Season.objects.get(name="Spring 2031")
    assert response.url == _season_url("season_setup", season)
    assert season.teams.count() == 2 and season.start_time == datetime.time(18, 30)


def test_a_new_season_far_off_or_with_a_long_skill_level_is_answered_and_not_made(client, manager):
    league = LeagueFactory()
    url = reverse("league:season_create", args=[league.slug])
    data = {"name": "Fall", "starts_on": "2031-03-04", "start_time": "19:00", "weeks": 8}
    far = client.post(url, {**data, "starts_on": "9999-12-28"}).content.decode()
    assert "Pick a date between Sat 1 Jan 2000 and" in far
    long_level = client.post(url, {**data, "skill_levels": "A, " + "B" * 41}).content.decode()
    assert "Keep a skill level&#x27;s name to 40 characters (it has 41)." in long_level
    control = client.post(url, {**data, "skill_levels": "A, B\x1b"}).content.decode()
    assert "can&#x27;t be shown" in control
    assert not league.seasons.exists()


def test_the_setup_page_answers_long_or_control_character_names_and_far_dates(client, manager):
    season = make_season(teams_per_level=(), tables=0)
    url = _season_url("season_setup", season)
    posts = [
        ({"action": "level", "level-name": "L" * 41}, "at most 40 characters"),
        ({"action": "level", "level-name": "A\x07"}, "can&#x27;t be shown"),
        ({"action": "team", "team-name": "T" * 121}, "at most 120 characters"),
        ({"action": "team", "team-name": "Left\x1bBowers"}, "can&#x27;t be shown"),
        ({"action": "date", "date-date": "9999-12-28", "date-kind": "makeup"}, "Pick a date"),
    ]
    for data, message in posts:
        response = client.post(url, data, follow=True)
        assert response.status_code == 200
        assert message in response.content.decode(), data
    assert not season.skill_levels.exists() and not season.teams.exists()
    assert not season.special_dates.exists()


def test_a_fixture_moved_to_the_last_night_of_9999_is_answered_and_stays(client, manager):
    season = make_season(teams_per_level=(2,))
    services.season_generate_schedule(season=season)
    fixture = season.fixtures.exclude(away=None).first()
    data = {
        "date": "9999-12-31",
        "start_time": "23:30",
        "home": fixture.home_id,
        "away": fixture.away_id,
        "status": "scheduled",
    }
    response = client.post(reverse("league:fixture_edit", args=[fixture.pk]), data)
    assert "Pick a date between Sat 1 Jan 2000 and" in response.content.decode()
    fixture.refresh_from_db()
    assert fixture.date == TUESDAY


def test_the_setup_page_adds_levels_venues_dates_and_teams(client, manager):
    season = make_season(teams_per_level=(), tables=0)
    url = _season_url("season_setup", season)
    client.post(url, {"action": "level", "level-name": "A"})
    client.post(url, {"action": "venue", "venue-name": "Taproom", "venue-tables": 6})
    client.post(url, {"action": "date", "date-date": "2030-09-10", "date-kind": "blackout"})
    level = season.skill_levels.get()
    client.post(url, {"action": "team", "team-name": "Left Bowers", "team-skill_level": level.pk})
    assert season.venues.get(name="Taproom").tables.count() == 6
    assert season.special_dates.get().kind == "blackout"
    assert Team.objects.get(season=season).skill_level == level
    response = client.post(
        url, {"action": "date", "date-date": "2030-09-12", "date-kind": "blackout"}, follow=True
    )
    assert b"pick a Tuesday" in response.content
    client.post(url, {"action": "remove_date", "id": season.special_dates.get().pk})
    assert not season.special_dates.exists()
    assert client.post(url, {"action": "remove_date", "id": "x"}).status_code == 200


def test_adding_a_team_with_its_captain_sends_the_invitation_and_lists_the_team(client, manager):
    season = make_season(teams_per_level=(), tables=0)
    url = _season_url("season_setup", season)
    data = {"action": "team", "team-name": "Left Bowers", "team-captain_name": "Casey Cap"}
    page = client.post(
        url, {**data, "team-captain_contact": "casey@example.com"}, follow=True
    ).content.decode()
    assert "Left Bowers added; invitation sent to casey@example.com." in page
    assert "Casey Cap" in page.split('id="team-list"')[1]
    refused = client.post(
        url, {**data, "team-name": "Right Bowers", "team-captain_contact": "casey@"}
    ).content.decode()
    assert "casey@ is not an email address." in refused
    assert not Team.objects.filter(name="Right Bowers").exists()


def test_staff_record_a_paper_waiver_from_the_roster_page(client, manager):
    season = make_season(teams_per_level=(1,))
    player = Player.objects.create(name="Late Larry")
    team = season.teams.get()
    team.roster.create(player=player)
    page = client.get(_season_url("season_roster", season)).content.decode()
    assert "Record paper waiver" in page
    client.post(_season_url("waiver_paper", season, player.pk), {"signed_on": ""})
    waiver = Waiver.objects.get(player=player)
    assert (waiver.method, waiver.recorded_by) == ("paper", manager)
    stranger = Player.objects.create(name="Not On Any Team")
    assert client.post(_season_url("waiver_paper", season, stranger.pk)).status_code == 404
    csv = client.get(_season_url("season_roster", season) + "?export=csv").content.decode()
    assert "Late Larry" in csv and "signed" in csv


def test_the_season_roster_csv_makes_formula_names_plain_text(client, manager):
    season = make_season(teams_per_level=(1,))
    team = season.teams.get()
    team.name = '=HYPERLINK("http://evil.example")'
    team.save()
    team.roster.create(player=Player.objects.create(name="+1"))
    response = client.get(_season_url("season_roster", season) + "?export=csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {row["team"] for row in rows} == {'\'=HYPERLINK("http://evil.example")'}
    assert "'+1" in {row["player_name"] for row in rows}


def test_a_manager_generates_regenerates_and_publishes(client, manager):
    season = make_season(teams_per_level=(4, 4))
    response = client.post(_season_url("schedule_generate", season))
    assert response.url == _season_url("season_schedule", season)
    client.post(_season_url("schedule_generate", season))
    assert season.fixtures.count() == 6 * 4
    dashboard = client.get(_season_url("season_dashboard", season)).content.decode()
    assert "This will email 16 people." in dashboard
    client.post(_season_url("schedule_publish", season))
    season.refresh_from_db()
    assert season.is_published
    assert Notice.objects.get(kind="schedule_published").messages.count() == 16
    response = client.post(_season_url("schedule_generate", season), follow=True)
    assert b"edit fixtures by hand" in response.content


def test_the_dashboard_lists_short_rosters_missing_waivers_and_requests(client, manager):
    season = make_season(teams_per_level=(4,))
    late = Player.objects.create(name="Unsigned Ursula")
    team = season.teams.get(name="A1")
    team.roster.exclude(role="captain").delete()
    team.roster.create(player=late)
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    fixture = season.fixtures.filter(away__isnull=False).last()
    reschedules.reschedule_request_create(
        fixture=fixture,
        team=fixture.home,
        by=None,
        proposed_date=datetime.date.today() + datetime.timedelta(days=400),
        reason="Wedding",
    )
    body = client.get(_season_url("season_dashboard", season)).content.decode()
    assert "Unsigned Ursula" in body
    assert "A1</a> — 1 signed" in body
    assert "Wedding" in body
    assert "Published" in body


def test_a_manager_edits_a_fixture_and_a_clash_is_explained(client, manager):
    season = make_season(teams_per_level=(4,), tables=2)
    services.season_generate_schedule(season=season)
    first, second = season.fixtures.filter(week=1)
    url = reverse("league:fixture_edit", args=[second.pk])
    assert client.get(url).status_code == 200
    data = {
        "date": "2030-09-03",
        "home": second.home_id,
        "away": first.home_id,
        "table": second.table_id,
        "status": "scheduled",
    }
    response = client.post(url, data)
    assert b"already play on" in response.content
    data.update(away=second.away_id, date="2030-09-05", status="postponed")
    client.post(url, data)
    second.refresh_from_db()
    assert (second.date, second.original_date, second.status) == (
        datetime.date(2030, 9, 5),
        TUESDAY,
        Fixture.Status.POSTPONED,
    )


def test_fixture_editing_is_for_managers(client):
    season = make_season(teams_per_level=(2,))
    services.season_generate_schedule(season=season)
    fixture = season.fixtures.first()
    client.force_login(captain_user(team=fixture.home)[0])
    url = reverse("league:fixture_edit", args=[fixture.pk])
    assert client.post(url, {"date": "2030-12-01"}).status_code == 403
    fixture.refresh_from_db()
    assert fixture.date == TUESDAY


def test_the_manage_page_card_links_recent_seasons(client, manager):
    season = make_season(teams_per_level=(), league=LeagueFactory(name="CCA"))
    body = client.get(reverse("manage")).content.decode()
    assert _season_url("season_dashboard", season) in body


def test_the_managers_pages_count_in_the_singular(client):
    season = make_season(teams_per_level=(), tables=1, weeks=1, min_roster=1)
    client.force_login(manager_user())
    setup = client.get(_season_url("season_setup", season)).content.decode()
    assert ": 1 table</li>" in setup
    dashboard = client.get(_season_url("season_dashboard", season)).content.decode()
    assert "· 1 week ·" in dashboard
    public = client.get(season.get_absolute_url()).content.decode()
    assert "· 1 week</p>" in public
