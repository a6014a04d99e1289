"""The signed-in user is read with their roles in one query, and the roles are the same as
read on their own."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts import permissions
from accounts.models import RoleName, Scope
from accounts.signed_in import parse_roles, user_with_roles
from tests.factories import UserFactory, grant_role

pytestmark = pytest.mark.django_db


def _roles_alone(user) -> frozenset:
    permissions.forget_roles(user)
    return permissions._roles(user)


def test_a_user_is_read_with_every_role_they_hold():
    user = UserFactory()
    grant_role(user, RoleName.ORGANISER, Scope.SITE, 0)
    grant_role(user, RoleName.MANAGER, Scope.LEAGUE, 7)
    grant_role(user, RoleName.SCOREKEEPER, Scope.TOURNAMENT, 12)
    UserFactory()  # someone else's roles stay theirs
    grant_role(UserFactory(), RoleName.DIRECTOR, Scope.TOURNAMENT, 12)
    with CaptureQueriesContext(connection) as read:
        loaded = user_with_roles(user.pk)
        assert permissions.managed_league_ids(loaded) == {7}
        assert permissions.scorekept_tournament_ids(loaded) == {12}
        assert permissions.directed_tournament_ids(loaded) == frozenset()
        assert permissions.is_organiser(loaded)
    assert len(read.captured_queries) == 1
    assert permissions._roles(loaded) == _roles_alone(user)


def test_a_user_without_roles_is_read_with_none():
    user = UserFactory()
    loaded = user_with_roles(user.pk)
    assert loaded == user and permissions._roles(loaded) == frozenset()


def test_an_unknown_or_malformed_id_reads_no_one():
    assert user_with_roles(987654) is None
    assert user_with_roles("not-a-number") is None


def test_the_roles_text_is_read_back_exactly():
    assert parse_roles(None) == parse_roles("") == frozenset()
    assert parse_roles("site:0:organiser,league:42:manager") == {
        ("site", 0, "organiser"),
        ("league", 42, "manager"),
    }


def test_a_signed_in_page_reads_the_session_then_the_user_with_their_roles(client):
    user = UserFactory()
    grant_role(user, RoleName.MANAGER, Scope.LEAGUE, 3)
    client.force_login(user)
    with CaptureQueriesContext(connection) as page:
        assert client.get(reverse("login")).status_code == 200
    tables = [q["sql"] for q in page.captured_queries]
    assert len(tables) == 2
    assert "django_session" in tables[0] and "accounts_role" in tables[1]


def test_a_role_granted_or_removed_counts_at_the_next_request(client):
    user = UserFactory()
    client.force_login(user)
    menu = reverse("manage")
    assert client.get(menu).status_code in (302, 403)
    grant_role(user, RoleName.MANAGER, Scope.LEAGUE, 3)
    assert client.get(menu).status_code == 200
    user.object_roles.all().delete()
    assert client.get(menu).status_code in (302, 403)


def test_a_deactivated_user_is_signed_out(client):
    user = UserFactory()
    client.force_login(user)
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert not client.get(reverse("login")).wsgi_request.user.is_authenticated
