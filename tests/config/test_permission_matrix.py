"""Every URL × every role × GET and POST: who gets in, and nobody else.

The roles are those of tests/config/permission_world.py. Each URL pattern of the site has
an entry in tests/config/permission_matrix.py saying which roles a GET and a POST let
through; the others must be sent to log in, refused (403) or not shown (404). A URL added
without an entry fails `test_every_url_pattern_has_an_entry`. "Let through" means a page
or a redirect other than to the login page (a POST with no data usually answers with its
form and a message). Each request runs in a savepoint rolled back afterwards, so one
role's POST can't change what the next role sees.
"""

from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.config.permission_matrix import (
    MATRIX,
    NA,
    PRESET_MATRIX,
    RULE_SET_MATRIX,
    TABLE_GAME_MATRIX,
    Entry,
)
from tests.config.permission_world import ROLES, World, build_world

pytestmark = pytest.mark.django_db


def _url_names() -> set[str]:
    names: set[str] = set()

    def walk(patterns: list, namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = namespace
                if pattern.namespace:
                    inner = f"{namespace}:{pattern.namespace}" if namespace else pattern.namespace
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)

    walk(get_resolver().url_patterns, "")
    return {name for name in names if not name.startswith("admin:")}


def test_every_url_pattern_has_an_entry() -> None:
    missing = sorted(_url_names() - set(MATRIX))
    assert not missing, f"Add these URLs to the permission matrix: {missing}"


def _outcome(response: Any) -> str:
    if response.status_code == 405:
        return "n/a"
    if response.status_code in (401, 403, 404):  # 401: the API without a token
        return "denied"
    if response.status_code in (301, 302) and "/accounts/login/" in response.get("Location", ""):
        return "login"
    assert response.status_code < 500, f"{response.status_code} from {response.request}"
    return "ok"


def _check(world: World, name: str, entry: Entry) -> list[str]:
    url = reverse(name, kwargs=entry.kwargs(world))
    data = entry.data(world) if entry.data else {}
    problems = []
    for role in ROLES:
        client = Client()
        user = world.users[role]
        if user.is_authenticated:
            client.force_login(user)
        for method, allowed in (("GET", entry.get), ("POST", entry.post)):
            with transaction.atomic():
                response = client.post(url, data) if method == "POST" else client.get(url)
                transaction.set_rollback(True)
            outcome = _outcome(response)
            if allowed is NA:  # a POST-only view: anonymous visitors may be sent to log in first
                expected = {"n/a", "login"} if role == "anonymous" else {"n/a"}
            elif role in allowed:
                expected = {"ok"}
            else:
                expected = {"denied", "login"}
            if outcome not in expected:
                problems.append(f"{method} {url} as {role}: {outcome}, expected {sorted(expected)}")
    return problems


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """Built once for the module inside a transaction that is rolled back at its end."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


@pytest.mark.parametrize("name", sorted(MATRIX))
def test_each_url_lets_in_exactly_its_roles(world: World, name: str) -> None:
    assert _check(world, name, MATRIX[name]) == []


@pytest.mark.parametrize("name", sorted(TABLE_GAME_MATRIX))
def test_a_tournament_game_is_decided_by_its_own_staff_only(world: World, name: str) -> None:
    assert _check(world, name, TABLE_GAME_MATRIX[name]) == []


@pytest.mark.parametrize("name", sorted(RULE_SET_MATRIX))
def test_an_events_rule_set_is_changed_by_its_directors_only(world: World, name: str) -> None:
    assert _check(world, name, RULE_SET_MATRIX[name]) == []


def test_a_presets_edit_page_sends_any_staff_to_make_a_copy(world: World) -> None:
    assert _check(world, "scoring:ruleset_edit", PRESET_MATRIX["scoring:ruleset_edit"]) == []
