"""The front pages: the staff desk for managers and directors, a player's own teams."""

import pytest
from django.urls import reverse

from accounts.models import RoleName, Scope
from tests.factories import (
    LeagueFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
    captain_user,
    grant_role,
    manager_user,
    user_for,
)

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_log_in_for_the_manage_page(client):
    response = client.get(reverse("manage"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize(
    ("role", "status"),
    [("player", 403), ("captain", 403), ("director", 200), ("manager", 200)],
)
def test_the_manage_page_is_for_managers_and_directors_only(client, role, status):
    client.force_login(user_for(role))
    assert client.get(reverse("manage")).status_code == status


def test_the_forbidden_page_is_friendly(client):
    client.force_login(user_for("player"))
    response = client.get(reverse("manage"))
    assert b"Not allowed" in response.content
    assert b"permission" in response.content


def test_the_navigation_offers_manage_only_to_staff_roles(client):
    client.force_login(user_for("captain"))
    assert reverse("manage").encode() not in client.get(reverse("home")).content
    client.force_login(user_for("manager"))
    assert reverse("manage").encode() in client.get(reverse("home")).content


def test_my_team_shows_the_captains_own_roster_only(client):
    user, team = captain_user()
    other = TeamFactory(season=team.season, name="Somebody Else")
    client.force_login(user)
    response = client.get(reverse("my_team"))
    assert team.name in response.content.decode()
    assert other.name not in response.content.decode()


def test_the_manage_page_offers_only_links_its_reader_may_follow(client):
    league, tournament = LeagueFactory(), TournamentFactory()
    co_manager, co_director = UserFactory(), UserFactory()
    grant_role(co_manager, RoleName.MANAGER, Scope.LEAGUE, league.pk)
    grant_role(co_director, RoleName.DIRECTOR, Scope.TOURNAMENT, tournament.pk)
    for user in (co_manager, co_director):
        client.force_login(user)
        page = client.get(reverse("manage"))
        assert page.status_code == 200
        for forbidden in ("league:league_create", "tournaments:create", "admin:index"):
            assert f'href="{reverse(forbidden)}"'.encode() not in page.content
    client.force_login(manager_user())
    page = client.get(reverse("manage")).content
    assert f'href="{reverse("league:league_create")}"'.encode() in page
    assert f'href="{reverse("admin:index")}"'.encode() not in page


def test_the_start_page_lists_the_events_a_person_keeps_score_at_or_directs(client):
    from datetime import timedelta

    from django.utils import timezone

    user = UserFactory()
    kept = TournamentFactory(name="Friday Progressive")
    run = TournamentFactory(name="Spring Bracket")
    long_done = TournamentFactory(
        name="Old Open", status="finished", date=timezone.localdate() - timedelta(days=30)
    )
    TournamentFactory(name="Someone Else's")
    grant_role(user, RoleName.SCOREKEEPER, Scope.TOURNAMENT, kept.pk)
    grant_role(user, RoleName.DIRECTOR, Scope.TOURNAMENT, run.pk)
    grant_role(user, RoleName.SCOREKEEPER, Scope.TOURNAMENT, long_done.pk)
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    section = page[page.index('id="my-events"') :].split("</section>")[0]
    assert reverse("tournaments:scorekeeping", args=[kept.slug]) in section
    assert reverse("tournaments:manage", args=[run.slug]) in section
    assert "Old Open" not in section and "Someone Else" not in section


def test_the_start_page_of_someone_without_events_lists_none(client):
    client.force_login(UserFactory())
    assert 'id="my-events"' not in client.get(reverse("home")).content.decode()
