"""The sub finder's pages per role: the list, a captain's request, the answer link, the
manager's overview."""

import html

import pytest
from django.test import Client
from django.urls import reverse

from league.seasons.models import RosterEntry, Waiver
from league.subs.models import SubRequest, SubVolunteer
from league.subs.services import sub_request_create
from tests.factories import UserFactory, manager_user
from tests.league.subs.factories import fixture_ahead, volunteer

pytestmark = pytest.mark.django_db


def text(response):
    return html.unescape(response.content.decode())


def client_for(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def request_url(ahead, team=None):
    return reverse("league:sub_request", args=[ahead.fixture.pk, (team or ahead.home).pk])


def test_a_signed_in_user_without_a_player_joins_the_list_with_nights_and_levels():
    ahead = fixture_ahead()
    user = UserFactory(first_name="Nell", last_name="New")
    url = reverse("league:sub_volunteer", args=[ahead.season.league.slug, ahead.season.slug])
    page = client_for(user).get(url)
    assert ahead.fixture.date.isoformat() in text(page)
    level = ahead.season.skill_levels.get()
    data = {"action": "save", "levels": [level.pk], "nights": [ahead.fixture.date.isoformat()]}
    response = client_for(user).post(url, {**data, "note": "After 7"}, follow=True)
    assert "You're on the sub list" in text(response)
    entry = SubVolunteer.objects.get(player__user=user)
    assert (entry.player.name, entry.nights, entry.note) == (
        "Nell New",
        [ahead.fixture.date.isoformat()],
        "After 7",
    )
    client_for(user).post(url, {"action": "leave"})
    entry.refresh_from_db()
    assert entry.active is False


def test_a_night_not_of_the_season_is_refused():
    ahead = fixture_ahead()
    user = UserFactory()
    url = reverse("league:sub_volunteer", args=[ahead.season.league.slug, ahead.season.slug])
    response = client_for(user).post(url, {"action": "save", "nights": ["2020-01-07"]})
    assert response.status_code == 200
    assert not SubVolunteer.objects.exists()


def test_the_list_page_sends_anonymous_visitors_to_sign_in():
    ahead = fixture_ahead()
    url = reverse("league:sub_volunteer", args=[ahead.season.league.slug, ahead.season.slug])
    assert "/accounts/login/" in client_for().get(url)["Location"]


def test_the_captain_sees_how_many_can_play_and_asks_them():
    ahead = fixture_ahead()
    volunteer(ahead.season, name="Ann")
    page = text(client_for(ahead.home_captain).get(request_url(ahead)))
    assert "1 sub on the season's list can play" in page
    response = client_for(ahead.home_captain).post(
        request_url(ahead), {"action": "ask"}, follow=True
    )
    assert "Asked 1 subs" in text(response)
    assert "Ann" in text(response)
    again = client_for(ahead.home_captain).post(request_url(ahead), {"action": "ask"}, follow=True)
    assert "already looking for a sub" in text(again)
    assert SubRequest.objects.count() == 1
    client_for(ahead.home_captain).post(request_url(ahead), {"action": "withdraw"})
    assert SubRequest.objects.get().status == SubRequest.Status.WITHDRAWN


def test_another_teams_captain_another_leagues_manager_and_anonymous_are_kept_out():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    other_manager = manager_user()
    other_manager.object_roles.filter(scope_kind="league").delete()
    assert client_for(ahead.away_captain).get(request_url(ahead)).status_code == 403
    assert client_for(other_manager).post(request_url(ahead), {"action": "ask"}).status_code == 403
    assert "/accounts/login/" in client_for().get(request_url(ahead))["Location"]
    assert not SubRequest.objects.exists()
    manager = manager_user(league=ahead.season.league)
    assert client_for(manager).get(request_url(ahead)).status_code == 200


def test_a_team_not_in_the_fixture_is_not_found():
    ahead = fixture_ahead()
    third = fixture_ahead(ahead.season)
    url = request_url(ahead, team=third.home)
    assert client_for(third.home_captain).get(url).status_code == 404


def test_a_played_fixture_says_why_no_sub_can_be_asked():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    ahead.fixture.status = "played"
    ahead.fixture.save()
    page = text(client_for(ahead.home_captain).get(request_url(ahead)))
    assert "This fixture is played" in page
    client_for(ahead.home_captain).post(request_url(ahead), {"action": "ask"})
    assert not SubRequest.objects.exists()


def asked(ahead):
    ann = volunteer(ahead.season, name="Ann")
    request = sub_request_create(fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain)
    return request.asks.get(player=ann)


def test_the_answer_link_shows_the_fixture_without_signing_in_and_a_get_writes_nothing():
    ahead = fixture_ahead()
    ask = asked(ahead)
    url = reverse("league:sub_answer", args=[ask.token])
    page = text(client_for().get(url))
    assert str(ahead.home) in page and str(ahead.away) in page
    assert "Yes, I'll play" in page
    ask.refresh_from_db()
    assert ask.answer == ""


def test_a_yes_by_link_takes_it_and_leads_to_the_waiver():
    ahead = fixture_ahead()
    ask = asked(ahead)
    url = reverse("league:sub_answer", args=[ask.token])
    page = text(client_for().post(url, {"answer": "yes"}))
    assert "It's yours" in page
    waiver = reverse("league:waiver_sign", args=[ahead.season.league.slug, ahead.season.slug])
    assert waiver in page
    assert RosterEntry.objects.filter(fixture=ahead.fixture, player=ask.player).exists()
    # the waiver page takes the sub: they're on the roster for that fixture
    response = client_for(ask.player.user).post(
        waiver, {"typed_name": ask.player.name, "agree": "on"}
    )
    assert response.status_code == 302
    assert Waiver.objects.filter(player=ask.player, season=ahead.season).exists()
    again = text(client_for().get(url))
    assert "you sub in this fixture" in again and waiver not in again


def test_a_forged_token_is_not_found():
    assert client_for().get(reverse("league:sub_answer", args=["x" * 43])).status_code == 404
    assert (
        client_for()
        .post(reverse("league:sub_answer", args=["nope"]), {"answer": "yes"})
        .status_code
        == 404
    )


def test_the_manager_sees_every_request_and_each_teams_sub_use_and_removes_someone():
    ahead = fixture_ahead(sub_limit_per_team=2)
    ask = asked(ahead)
    manager = manager_user(league=ahead.season.league)
    url = reverse("league:subs_manage", args=[ahead.season.league.slug, ahead.season.slug])
    page = text(client_for(manager).get(url))
    assert "Looking for a sub" in page and "0 / 2" in page
    volunteer_row = SubVolunteer.objects.get(player=ask.player)
    client_for(manager).post(url, {"action": "remove", "volunteer": volunteer_row.pk})
    volunteer_row.refresh_from_db()
    assert volunteer_row.active is False
    assert client_for(ahead.home_captain).get(url).status_code == 403


def test_the_dashboard_card_lists_open_requests():
    ahead = fixture_ahead()
    asked(ahead)
    manager = manager_user(league=ahead.season.league)
    url = reverse("league:season_dashboard", args=[ahead.season.league.slug, ahead.season.slug])
    page = text(client_for(manager).get(url))
    assert 'id="subs"' in page and "1 open request" in page
