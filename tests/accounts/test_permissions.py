"""The one permissions module asks about objects: a manager of one league is nobody in
another, a director runs only their own events, a captain acts for their own team."""

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts import permissions
from accounts.models import Role, RoleName, Scope
from tests.factories import (
    TeamFactory,
    TournamentFactory,
    UserFactory,
    captain_user,
    director_user,
    manager_user,
    player_user,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    team = TeamFactory()
    other_team = TeamFactory(season=team.season)
    elsewhere = TeamFactory()  # another league
    event, other_event = TournamentFactory(), TournamentFactory()
    captain, _ = captain_user(team=team)
    player, _ = player_user(team=team)
    scorekeeper = UserFactory()
    Role.objects.create(
        user=scorekeeper,
        scope_kind=Scope.TOURNAMENT,
        scope_id=event.pk,
        role=RoleName.SCOREKEEPER,
    )
    return {
        "anonymous": AnonymousUser(),
        "account_only": UserFactory(),
        "player": player,
        "captain": captain,
        "director": director_user(tournament=event),
        "scorekeeper": scorekeeper,
        "manager": manager_user(league=team.season.league),
        "other_manager": manager_user(league=elsewhere.season.league),
        "admin": UserFactory(is_superuser=True),
        "team": team,
        "other_team": other_team,
        "event": event,
        "other_event": other_event,
    }


ROLE_EXPECTATIONS = {
    # role: (manage the league, run the event, keep its score, act for the team,
    #        see the team's private pages, create leagues and events)
    "anonymous": (False, False, False, False, False, False),
    "account_only": (False, False, False, False, False, False),
    "player": (False, False, False, False, True, False),
    "captain": (False, False, False, True, True, False),
    "director": (False, True, True, False, False, True),
    "scorekeeper": (False, False, True, False, False, False),
    "manager": (True, False, False, True, True, True),
    "other_manager": (False, False, False, False, False, True),
    "admin": (True, True, True, True, True, True),
}


@pytest.mark.parametrize("role", ROLE_EXPECTATIONS)
def test_each_role_gets_exactly_its_permissions(people, role):
    user, team, event = people[role], people["team"], people["event"]
    actual = (
        permissions.can_manage_league(user, team.season.league),
        permissions.can_run_tournament(user, event),
        permissions.can_keep_score(user, event),
        permissions.can_act_for_team(user, team),
        permissions.can_view_team_private(user, team),
        permissions.can_create_league(user) and permissions.can_create_tournament(user),
    )
    assert actual == ROLE_EXPECTATIONS[role]


def test_a_director_runs_only_their_own_event(people):
    assert not permissions.can_run_tournament(people["director"], people["other_event"])
    assert not permissions.can_keep_score(people["scorekeeper"], people["other_event"])


def test_a_captain_cannot_act_for_another_team(people):
    assert not permissions.can_act_for_team(people["captain"], people["other_team"])
    assert not permissions.can_view_team_private(people["captain"], people["other_team"])


def test_a_captain_of_a_withdrawn_team_is_no_longer_its_captain(people):
    team = people["team"]
    team.status = team.Status.WITHDRAWN
    team.save()
    assert not permissions.is_captain_of(people["captain"], team.pk)


def test_only_an_objects_own_staff_or_an_administrator_grant_roles_on_it(people):
    league_id = people["team"].season.league_id
    assert permissions.can_grant_role(people["manager"], Scope.LEAGUE, league_id)
    assert not permissions.can_grant_role(people["other_manager"], Scope.LEAGUE, league_id)
    assert permissions.can_grant_role(people["director"], Scope.TOURNAMENT, people["event"].pk)
    assert not permissions.can_grant_role(
        people["scorekeeper"], Scope.TOURNAMENT, people["event"].pk
    )
    assert not permissions.can_grant_role(people["manager"], Scope.SITE, 0)
    assert permissions.can_grant_role(people["admin"], Scope.SITE, 0)


def test_role_names_list_every_role_a_user_holds(people):
    assert permissions.role_names(people["captain"]) == ["captain", "player"]
    assert permissions.role_names(people["player"]) == ["player"]
    assert permissions.role_names(people["manager"]) == ["organiser", "manager"]
    assert permissions.role_names(people["anonymous"]) == []


def test_roles_are_looked_up_once_per_request(people, django_assert_max_num_queries):
    captain, team = people["captain"], people["team"]
    permissions.forget_roles(captain)
    team.season.league  # noqa: B018  (loaded once, as the views do with select_related)
    with django_assert_max_num_queries(3):
        for _ in range(5):
            permissions.can_act_for_team(captain, team)
            permissions.can_manage_league(captain, team.season.league)
