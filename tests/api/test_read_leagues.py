"""The league read endpoints: leagues, seasons, teams, the schedule, results, standings
(published for everyone, live for the league's staff only) and playoffs."""

import datetime

import pytest
from django.urls import reverse

from algorithms import metrics
from api.models import AccessToken
from api.tokens.services import token_create
from tests.api.conftest import get_json
from tests.factories import LeagueFactory, manager_user

pytestmark = pytest.mark.django_db


def _url(name, world, **extra):
    return reverse(f"api_v1:{name}", kwargs={**world.slugs, **extra})


def test_the_leagues_are_listed_a_page_at_a_time(client, read_world, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        body = get_json(client, reverse("api_v1:read_leagues") + "?limit=1").json()
    assert body["count"] >= 1 and body["limit"] == 1 and len(body["items"]) == 1
    assert set(body["items"][0]) == {"slug", "name", "description"}


def test_a_page_bigger_than_two_hundred_is_refused_with_a_message(client, read_world):
    response = client.get(reverse("api_v1:read_leagues") + "?limit=201")
    assert response.status_code == 422
    assert response.json()["detail"] == "query.limit: Input should be less than or equal to 200"
    assert response.json()["errors"][0]["loc"] == ["query", "limit"]
    assert client.get(reverse("api_v1:read_leagues") + "?offset=-1").status_code == 422


def test_a_leagues_seasons_and_a_season_with_its_levels(client, read_world):
    seasons = get_json(client, reverse("api_v1:read_seasons", args=[read_world.league.slug]))
    assert [s["slug"] for s in seasons.json()["seasons"]] == [read_world.season.slug]
    season = get_json(client, _url("read_season", read_world)).json()
    assert [level["name"] for level in season["levels"]] == ["A", "B"]
    assert season["schedule_published"] is True


def test_an_unknown_season_is_a_json_404(client, read_world):
    response = client.get(reverse("api_v1:read_season", args=[read_world.league.slug, "nope"]))
    assert response.status_code == 404 and "detail" in response.json()


def test_teams_show_no_roster_to_the_public_and_never_a_contact(client, read_world):
    body = get_json(client, _url("read_teams", read_world)).json()
    assert {team["name"] for team in body["teams"]} == set(read_world.teams)
    assert all(team["roster"] is None for team in body["teams"])
    assert b"@" not in client.get(_url("read_teams", read_world)).content


def test_a_teams_own_captain_sees_its_roster_names_and_roles_only(client, read_world):
    aces = read_world.teams["Aces"]
    client.force_login(aces.roster.get(role="captain").player.user)
    teams = {t["name"]: t for t in get_json(client, _url("read_teams", read_world)).json()["teams"]}
    assert {entry["role"] for entry in teams["Aces"]["roster"]} == {"captain", "player"}
    assert all(set(entry) == {"name", "role"} for entry in teams["Aces"]["roster"])
    assert teams["Bowers"]["roster"] is None


def test_the_manager_sees_every_roster(client, read_world):
    client.force_login(read_world.manager)
    teams = get_json(client, _url("read_teams", read_world)).json()["teams"]
    assert all(team["roster"] for team in teams)


def test_the_schedule_filters_by_team_and_dates_in_bounded_queries(
    client, read_world, django_assert_max_num_queries
):
    aces = read_world.teams["Aces"]
    with django_assert_max_num_queries(4):
        body = get_json(client, _url("read_schedule", read_world) + f"?team={aces.pk}").json()
    assert body["count"] == 2
    assert all(aces.pk in (f["home_id"], f["away_id"]) for f in body["items"])
    first = min(datetime.date.fromisoformat(f["date"]) for f in body["items"])
    later = get_json(
        client, _url("read_schedule", read_world) + f"?from={first + datetime.timedelta(days=1)}"
    )
    assert all(f["date"] > first.isoformat() for f in later.json()["items"])
    none = get_json(
        client, _url("read_schedule", read_world) + f"?to={first - datetime.timedelta(days=1)}"
    )
    assert none.json()["count"] == 0


def test_a_draft_schedule_is_not_shown_to_the_public(client, read_world):
    read_world.season.schedule_state = "draft"
    read_world.season.save(update_fields=["schedule_state"])
    response = client.get(_url("read_schedule", read_world))
    assert response.status_code == 404 and "published" in response.json()["detail"]
    client.force_login(read_world.manager)
    assert client.get(_url("read_schedule", read_world)).status_code == 200


def test_results_give_each_games_score_in_bounded_queries(
    client, read_world, django_assert_max_num_queries
):
    with django_assert_max_num_queries(6):
        body = get_json(client, _url("read_results", read_world) + "?limit=200").json()
    assert body["count"] == 4  # three fixtures in level A, one in B
    first = body["items"][0]
    assert first["complete"] and first["home_wins"] == 3
    assert [(g["home_score"], g["away_score"], g["winner"]) for g in first["games"]][0] == (
        10,
        5,
        "home",
    )


def test_published_standings_carry_the_metric_keys_for_everyone(
    client, read_world, django_assert_max_num_queries
):
    with django_assert_max_num_queries(4):
        body = get_json(client, _url("read_standings", read_world)).json()
    assert body["week"] == 1 and body["live"] is False and body["note"] == "First week"
    row = body["levels"][0]["rows"][0]
    assert set(metrics.keys(metrics.ROW)) <= set(row)
    assert {"games_won", "games_lost", "win_pct"} <= set(row)


def test_an_unpublished_week_is_a_404_saying_which_weeks_are(client, read_world):
    response = client.get(_url("read_standings", read_world) + "?week=7")
    assert response.status_code == 404 and "published: 1" in response.json()["detail"]
    assert client.get(_url("read_standings", read_world) + "?week=1").status_code == 200


def test_live_standings_are_for_the_leagues_staff(client, read_world):
    url = _url("read_standings_live", read_world)
    assert client.get(url).status_code == 401
    client.force_login(read_world.teams["Aces"].roster.get(role="captain").player.user)
    refused = client.get(url)
    assert refused.status_code == 403 and "staff" in refused.json()["detail"]
    client.force_login(read_world.manager)
    body = get_json(client, url).json()
    assert body["live"] is True and body["levels"][0]["rows"][0]["team_name"] == "Aces"
    assert "private" in client.get(url)["Cache-Control"]


def test_another_leagues_manager_is_refused_the_live_standings(client, read_world):
    client.force_login(manager_user(league=LeagueFactory()))
    response = client.get(_url("read_standings_live", read_world))
    assert response.status_code == 403


def test_a_managers_token_reads_the_live_standings(client, read_world):
    raw = token_create(user=read_world.manager, name="Scoreboard", scope=AccessToken.Scope.READ)[1]
    response = client.get(
        _url("read_standings_live", read_world), headers={"Authorization": f"Bearer {raw}"}
    )
    assert response.status_code == 200 and response.json()["live"] is True


def test_the_playoffs_answer_with_no_bracket_before_they_are_drawn(client, read_world):
    body = get_json(client, _url("read_playoffs", read_world)).json()
    assert body == {"season": read_world.season.slug, "brackets": []}
