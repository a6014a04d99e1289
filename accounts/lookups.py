"""What only the apps above accounts know, registered at start-up and asked by permissions.

A user's teams, which league or tournament owns a game, who plays under a rule set, and
which games a found sub may score: each app registers its lookup from `AppConfig.ready()`
(registering again replaces it), so accounts never imports the league or scoring.
"""

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured

# (player id or None, {active team id: roster role}) for a user id.
Membership = tuple[int | None, dict[int, str]]
# ("league" | "tournament" | "site", id or None): whose staff answer for a game.
GameScope = tuple[str, int | None]
# (game id, team id) pairs a user id may score as the sub found for that game's fixture.
SubSides = frozenset[tuple[int, int]]

_registered: dict[str, Callable] = {}


def register_membership_lookup(lookup: Callable[[int], Membership]) -> None:
    _registered["membership"] = lookup


def register_game_scope_lookup(lookup: Callable[[Any], GameScope]) -> None:
    _registered["game scope"] = lookup


def register_rule_set_users_lookup(lookup: Callable[[Any], frozenset[GameScope]]) -> None:
    """The leagues and events playing under a rule set."""
    _registered["rule set users"] = lookup


def register_fixture_sub_lookup(lookup: Callable[[int], SubSides]) -> None:
    """The league's sub finder: a found sub scores their side of their fixture."""
    _registered["fixture sub"] = lookup


def lookup(name: str) -> Callable:
    """The registered lookup, or ImproperlyConfigured when no app registered it."""
    found = _registered.get(name)
    if found is None:
        raise ImproperlyConfigured(f"No app registered a {name} lookup.")
    return found


def fixture_sub_sides(user_id: int) -> SubSides:
    """Optional: without the sub finder nobody scores as a sub."""
    found = _registered.get("fixture sub")
    return found(user_id) if found is not None else frozenset()
