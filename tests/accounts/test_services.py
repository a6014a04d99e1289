"""Granting and revoking roles: who may, what is logged, and the last manager stays."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from accounts import permissions
from accounts.models import Role, RoleName, Scope
from accounts.services import role_grant, role_revoke, staff_of
from activity.models import Activity
from tests.factories import LeagueFactory, UserFactory, manager_user

pytestmark = pytest.mark.django_db


def test_a_manager_adds_a_co_manager_and_it_is_logged_in_the_league():
    league = LeagueFactory()
    manager, newcomer = manager_user(league=league), UserFactory()
    role_grant(
        user=newcomer,
        role=RoleName.MANAGER,
        scope_kind=Scope.LEAGUE,
        scope_id=league.pk,
        by=manager,
    )
    assert permissions.can_manage_league(newcomer, league)
    entry = Activity.objects.get(verb="role_granted", scope_kind="league", scope_id=league.pk)
    assert entry.actor == manager and entry.detail == "League manager"


def test_granting_twice_keeps_one_role_and_one_log_line():
    league = LeagueFactory()
    manager, newcomer = manager_user(league=league), UserFactory()
    for _ in range(2):
        role_grant(
            user=newcomer, role="manager", scope_kind="league", scope_id=league.pk, by=manager
        )
    assert Role.objects.filter(user=newcomer, scope_id=league.pk).count() == 1
    assert Activity.objects.filter(verb="role_granted", scope_id=league.pk).count() == 1


def test_the_manager_of_another_league_cannot_grant_roles_in_this_one():
    league, other = LeagueFactory(), LeagueFactory()
    stranger = manager_user(league=other)
    with pytest.raises(PermissionDenied):
        role_grant(
            user=UserFactory(),
            role="manager",
            scope_kind="league",
            scope_id=league.pk,
            by=stranger,
        )
    assert not Role.objects.filter(scope_kind="league", scope_id=league.pk, role="manager")


def test_a_role_that_does_not_fit_the_object_is_refused():
    with pytest.raises(ValidationError):
        role_grant(user=UserFactory(), role="director", scope_kind="league", scope_id=1)


def test_the_last_manager_cannot_be_removed_but_a_co_manager_can():
    league = LeagueFactory()
    first, second = manager_user(league=league), manager_user(league=league)
    role_revoke(user=second, role="manager", scope_kind="league", scope_id=league.pk, by=first)
    assert [r.user for r in staff_of("league", league.pk)] == [first]
    with pytest.raises(ValidationError, match="someone else"):
        role_revoke(user=first, role="manager", scope_kind="league", scope_id=league.pk, by=first)
    assert Activity.objects.filter(verb="role_revoked", scope_id=league.pk).count() == 1


def test_revoking_a_role_the_user_does_not_hold_changes_nothing_and_says_so():
    league = LeagueFactory()
    first, stranger = manager_user(league=league), UserFactory()
    assert not role_revoke(
        user=stranger, role="manager", scope_kind="league", scope_id=league.pk, by=first
    )
    assert not Activity.objects.filter(verb="role_revoked").exists()
