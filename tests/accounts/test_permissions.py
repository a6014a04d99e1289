import pytest
from django.contrib.auth.models import AnonymousUser

from accounts import permissions
from tests.factories import (
    TeamFactory,
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
    captain, _ = captain_user(team=team)
    player, _ = player_user(team=team)
    return {
        "anonymous": AnonymousUser(),
        "account_only": UserFactory(),
        "player": player,
        "captain": captain,
        "director": director_user(),
        "manager": manager_user(),
        "team": team,
        "other_team": other_team,
    }


ROLE_EXPECTATIONS = {
    # role: (manage league, direct tournaments, act for own team, see own team's private pages)
    "anonymous": (False, False, False, False),
    "account_only": (False, False, False, False),
    "player": (False, False, False, True),
    "captain": (False, False, True, True),
    "director": (False, True, False, False),
    "manager": (True, False, True, True),
}


@pytest.mark.parametrize("role", ROLE_EXPECTATIONS)
def test_each_role_gets_exactly_its_permissions(people, role):
    user, team = people[role], people["team"]
    expected = ROLE_EXPECTATIONS[role]
    actual = (
        permissions.can_manage_league(user),
        permissions.can_direct_tournaments(user),
        permissions.can_act_for_team(user, team.pk),
        permissions.can_view_team_private(user, team.pk),
    )
    assert actual == expected


def test_a_captain_cannot_act_for_another_team(people):
    assert not permissions.can_act_for_team(people["captain"], people["other_team"].pk)
    assert not permissions.can_view_team_private(people["captain"], people["other_team"].pk)


def test_a_captain_of_a_withdrawn_team_is_no_longer_its_captain(people):
    team = people["team"]
    team.status = team.Status.WITHDRAWN
    team.save()
    assert not permissions.is_captain_of(people["captain"], team.pk)


def test_a_superuser_is_both_manager_and_director():
    admin = UserFactory(is_superuser=True)
    assert permissions.is_manager(admin) and permissions.is_director(admin)


def test_role_names_list_every_role_a_user_holds(people):
    assert permissions.role_names(people["captain"]) == ["captain", "player"]
    assert permissions.role_names(people["player"]) == ["player"]
    assert permissions.role_names(people["manager"]) == ["manager"]
    assert permissions.role_names(people["anonymous"]) == []


def test_roles_are_looked_up_once_per_request(people, django_assert_max_num_queries):
    captain, team = people["captain"], people["team"]
    permissions.forget_roles(captain)
    with django_assert_max_num_queries(3):
        for _ in range(5):
            permissions.can_act_for_team(captain, team.pk)
            permissions.can_manage_league(captain)
