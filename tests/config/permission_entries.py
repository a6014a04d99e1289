"""What the permission matrix is made of: the roles allowed, an entry per URL pattern, and
the URL arguments every part uses (the roles are those of tests/config/permission_world.py)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.config.permission_world import ROLES, World

ALL = frozenset(ROLES)
USERS = ALL - {"anonymous"}
NOBODY: frozenset[str] = frozenset()
NA = None  # the method is not allowed here (405) for everyone
MANAGER = frozenset({"manager"})
ORGANISERS = frozenset({"manager", "other_manager", "director", "other_director"})
STAFF_DESK = ORGANISERS | {"scorekeeper"}
DIRECTOR = frozenset({"director"})
EVENT_STAFF = frozenset({"director", "scorekeeper"})
TEAM = frozenset({"captain", "manager"})  # team A1's captain and league A's managers
TEAM_PRIVATE = frozenset({"player", "captain", "manager"})
PLAYERS = frozenset({"player", "captain", "other_captain", "expired_sub"})
TEAM_OWN = frozenset({"player", "captain"})  # team A1's own players


@dataclass(frozen=True)
class Entry:
    kwargs: Callable[[World], dict[str, Any]]
    get: frozenset[str] | None
    post: frozenset[str] | None
    data: Callable[[World], dict[str, Any]] | None = None  # what the POST carries


def _none(w: World) -> dict:
    return {}


def _league(w: World) -> dict:
    return {"league": w.league.slug}


def _season(w: World) -> dict:
    return {"league": w.league.slug, "season": w.season.slug}


def _event(w: World) -> dict:
    return {"slug": w.tournament.slug}


def _with(base: Callable[[World], dict], **extra: Callable[[World], Any]) -> Callable:
    return lambda w: {**base(w), **{key: make(w) for key, make in extra.items()}}
