import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.seasons import services
from league.seasons.models import Player
from tests.factories import captain_user, manager_user, player_user
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


def _published(teams_per_level=(4, 4), tables=4, weeks=4):
    season = make_season(teams_per_level=teams_per_level, tables=tables, weeks=weeks)
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    season.refresh_from_db()
    return season


def _schedule_url(season, query=""):
    return reverse("league:season_schedule", args=[season.league.slug, season.slug]) + query


def _count_queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_the_schedule_page_issues_the_same_queries_for_10_or_60_teams(client):
    small = _published(teams_per_level=(5, 5), tables=30, weeks=6)
    large = _published(teams_per_level=(30, 30), tables=30, weeks=6)
    client.force_login(manager_user())
    for query in ("", "?sort=table", "?week=2"):
        assert _count_queries(client, _schedule_url(small, query)) == _count_queries(
            client, _schedule_url(large, query)
        )
    assert _count_queries(client, _schedule_url(large)) <= 12


def test_anyone_reads_a_published_schedule_sorted_and_filtered_by_team(client):
    season = _published()
    team = season.teams.get(name="A1")
    response = client.get(_schedule_url(season, f"?team={team.pk}&sort=-date"))
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count(">A1</a>") == 4  # one fixture a week for four weeks
    assert ">B1</a>" not in body


def test_the_schedule_exports_to_csv(client):
    season = _published()
    response = client.get(_schedule_url(season, "?week=1&export=csv"))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().strip().splitlines()
    assert lines[0] == "Week,Date,Level,Home,Away,Where,Status"
    assert len(lines) == 1 + 4 and all(line.startswith("1,") for line in lines[1:])


def test_the_schedule_csv_makes_formula_team_names_plain_text(client):
    season = _published()
    season.teams.filter(name="A1").update(name='=HYPERLINK("http://evil.example")')
    season.teams.filter(name="A2").update(name="+1")
    response = client.get(_schedule_url(season, "?export=csv"))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    names = {cell for row in rows[1:] for cell in row[3:5]}
    assert {'\'=HYPERLINK("http://evil.example")', "'+1"} <= names
    assert not any(cell.startswith(("=", "+")) for row in rows for cell in row)
    assert all(row[0].isdigit() for row in rows[1:])  # the week stays a number


def test_pages_offer_each_calendar_to_subscribe_and_to_download(client, settings):
    settings.SITE_URL = "https://euchre.example.com"
    season = _published()
    team = season.teams.get(name="A1")
    season_feed = reverse("league:season_calendar", args=[season.league.slug, season.slug])
    team_feed = reverse("league:team_calendar", args=[team.pk])
    pages = [
        (season.get_absolute_url(), season_feed),
        (_schedule_url(season), season_feed),
        (reverse("league:team_detail", args=[team.pk]), team_feed),
    ]
    for page, feed in pages:
        body = client.get(page).content.decode()
        assert f'href="webcal://euchre.example.com{feed}"' in body, page
        assert f'href="{feed}"' in body, page


def test_without_a_site_url_the_subscribe_link_names_the_address_in_use(client, settings):
    settings.SITE_URL = ""
    season = _published()
    feed = reverse("league:season_calendar", args=[season.league.slug, season.slug])
    body = client.get(_schedule_url(season)).content.decode()
    assert f'href="webcal://testserver{feed}"' in body


def test_a_draft_season_offers_no_calendar(client):
    season = make_season(teams_per_level=(4,))
    services.season_generate_schedule(season=season)
    assert "webcal://" not in client.get(season.get_absolute_url()).content.decode()


def test_a_draft_schedule_is_for_managers_only(client):
    season = make_season(teams_per_level=(4,))
    services.season_generate_schedule(season=season)
    assert b"hasn't been published" in client.get(_schedule_url(season)).content
    client.force_login(captain_user(team=season.teams.first())[0])
    assert b"hasn't been published" in client.get(_schedule_url(season)).content
    client.force_login(manager_user())
    response = client.get(_schedule_url(season))
    assert b"Draft" in response.content and b"Publish schedule" in response.content


def test_a_bad_filter_value_is_not_an_error(client):
    season = _published()
    assert client.get(_schedule_url(season, "?week=abc&team=999999")).status_code == 200


@pytest.mark.parametrize(
    ("who", "private", "can_act"),
    [
        ("anonymous", False, False),
        ("other_team_player", False, False),
        ("other_captain", False, False),
        ("own_player", True, False),
        ("own_captain", True, True),
        ("manager", True, True),
    ],
)
def test_the_team_page_shows_contacts_and_waivers_only_to_its_players(
    client, who, private, can_act
):
    season = _published()
    team, other = season.teams.get(name="A1"), season.teams.get(name="A2")
    users = {
        "other_team_player": lambda: player_user(team=other)[0],
        "other_captain": lambda: captain_user(team=other)[0],
        "own_player": lambda: player_user(team=team)[0],
        "own_captain": lambda: captain_user(team=team)[0],
        "manager": manager_user,
    }
    if who in users:
        client.force_login(users[who]())
    email = team.roster.first().player.email
    response = client.get(reverse("league:team_detail", args=[team.pk]))
    body = response.content.decode()
    assert response.status_code == 200
    assert 'id="team-fixtures"' in body and team.name in body
    assert (email in body) is private
    assert ('id="roster"' in body) is private
    assert ('id="captain-actions"' in body) is can_act
    csv_response = client.get(reverse("league:team_roster_csv", args=[team.pk]))
    refused = 302 if who == "anonymous" else 403  # visitors are sent to log in first
    assert csv_response.status_code == (200 if private else refused)
    if private:
        assert email in csv_response.content.decode()


def test_the_team_roster_csv_makes_formula_names_plain_text(client):
    season = _published()
    team = season.teams.get(name="A1")
    first, second = (entry.player for entry in team.roster.order_by("pk"))
    Player.objects.filter(pk=first.pk).update(name="@SUM(A1:A9)")
    Player.objects.filter(pk=second.pk).update(name="-1+cmd", phone="+1 317-555-0104")
    client.force_login(manager_user())
    response = client.get(reverse("league:team_roster_csv", args=[team.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert sorted(row["player_name"] for row in rows) == ["'-1+cmd", "'@SUM(A1:A9)"]
    assert "'+1 317-555-0104" in {row["phone"] for row in rows}


def test_the_season_page_lists_teams_by_level(client):
    season = _published()
    body = client.get(season.get_absolute_url()).content.decode()
    assert "Level A" in body and "Level B" in body and "B4" in body
    assert client.get(reverse("league:league_detail", args=[season.league.slug])).status_code == 200
    assert client.get(reverse("league:league_list")).status_code == 200
