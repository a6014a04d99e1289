"""Who may do what: the one place every view asks.

Roles: league managers and tournament directors are Django groups; a captain is a
player holding the captain role on an active team; a player is a user linked to a
`league.Player`. Superusers count as both managers and directors.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.http import HttpRequest, HttpResponse

MANAGERS_GROUP = "League managers"
DIRECTORS_GROUP = "Tournament directors"

_CACHE_ATTR = "_euchre_role_cache"

# (player id or None, {active team id: roster role}) for a user id. The league registers the
# lookup at start-up (accounts sits below the league and must not import it).
Membership = tuple[int | None, dict[int, str]]
_membership_lookup: Callable[[int], Membership] | None = None


def register_membership_lookup(lookup: Callable[[int], Membership]) -> None:
    global _membership_lookup
    _membership_lookup = lookup


def _cache(user: Any) -> dict:
    cache = getattr(user, _CACHE_ATTR, None)
    if cache is None:
        cache = {}
        setattr(user, _CACHE_ATTR, cache)
    return cache


def _group_names(user: Any) -> frozenset[str]:
    if not user.is_authenticated:
        return frozenset()
    cache = _cache(user)
    if "groups" not in cache:
        cache["groups"] = frozenset(user.groups.values_list("name", flat=True))
    return cache["groups"]


def is_manager(user: Any) -> bool:
    return bool(
        user.is_authenticated and (user.is_superuser or MANAGERS_GROUP in _group_names(user))
    )


def is_director(user: Any) -> bool:
    return bool(
        user.is_authenticated and (user.is_superuser or DIRECTORS_GROUP in _group_names(user))
    )


def is_staff_role(user: Any) -> bool:
    return is_manager(user) or is_director(user)


def player_id_for(user: Any) -> int | None:
    if not user.is_authenticated:
        return None
    return _membership(user)[0]


def team_ids_for(user: Any) -> frozenset[int]:
    """Active teams the user plays on, any role."""
    return frozenset(_team_roles(user))


def captained_team_ids(user: Any) -> frozenset[int]:
    return frozenset(team for team, role in _team_roles(user).items() if role == "captain")


def _team_roles(user: Any) -> dict[int, str]:
    if not user.is_authenticated:
        return {}
    return _membership(user)[1]


def _membership(user: Any) -> Membership:
    cache = _cache(user)
    if "membership" not in cache:
        if _membership_lookup is None:
            raise ImproperlyConfigured("No app registered a membership lookup.")
        cache["membership"] = _membership_lookup(user.pk)
    return cache["membership"]


def is_captain(user: Any) -> bool:
    return bool(captained_team_ids(user))


def is_captain_of(user: Any, team_id: int) -> bool:
    return team_id in captained_team_ids(user)


def can_manage_league(user: Any) -> bool:
    return is_manager(user)


def can_direct_tournaments(user: Any) -> bool:
    return is_director(user)


def can_act_for_team(user: Any, team_id: int) -> bool:
    """Captain's writes for a team (roster, scorecards): its own captain or a manager."""
    return is_manager(user) or is_captain_of(user, team_id)


def can_view_team_private(user: Any, team_id: int) -> bool:
    """Private team pages (contacts, waivers): the team's own players and managers."""
    return is_manager(user) or team_id in team_ids_for(user)


def role_names(user: Any) -> list[str]:
    names = []
    if is_manager(user):
        names.append("manager")
    if is_director(user):
        names.append("director")
    if is_captain(user):
        names.append("captain")
    if player_id_for(user) is not None:
        names.append("player")
    return names


def forget_roles(user: Any) -> None:
    """Drop the per-request cache after a change of roles."""
    if hasattr(user, _CACHE_ATTR):
        delattr(user, _CACHE_ATTR)


def require(predicate: Callable[[Any], bool]) -> Callable:
    """View decorator: anonymous users go to log in; others without the role get 403."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not predicate(request.user):
                raise PermissionDenied("You don't have permission to do that.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def deny_unless(allowed: bool, message: str = "You don't have permission to do that.") -> None:
    """For object-level checks inside a view, once the object is loaded."""
    if not allowed:
        raise PermissionDenied(message)


manager_required = require(can_manage_league)
director_required = require(can_direct_tournaments)
staff_required = require(is_staff_role)


# --- tournaments ---


def can_run_tournament(user: Any, tournament: Any) -> bool:
    """Writes on one event: its own director (any director while it has none); superusers."""
    if not is_director(user):
        return False
    return bool(user.is_superuser or tournament.director_id in (None, user.pk))


# --- notices ---


def can_manage_notices(user: Any) -> bool:
    """The outbox, resends and general notices: league managers."""
    return is_manager(user)


notices_manager_required = require(can_manage_notices)


# --- scoring ---

_SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


def can_submit_for_side(user: Any, game: Any, side: str) -> bool:
    """Enter a game's card for one side: staff; that side's captain; else a player seated there.

    Uses `game.seats.all()` (prefetch `seats` to keep pages to one query).
    """
    if not user.is_authenticated or side not in _SIDE_SEATS:
        return False
    if is_staff_role(user):
        return True
    team_id = game.ns_team_id if side == "NS" else game.ew_team_id
    if team_id is not None:
        return is_captain_of(user, team_id)
    player_id = player_id_for(user)
    return player_id is not None and any(
        seat.player_id == player_id and seat.seat in _SIDE_SEATS[side] for seat in game.seats.all()
    )


def scoring_sides_for(user: Any, game: Any) -> list[str]:
    """The sides ("NS", "EW") the user may enter this game's card for."""
    return [side for side in _SIDE_SEATS if can_submit_for_side(user, game, side)]


def can_confirm(user: Any, version: Any) -> bool:
    """Confirm or dispute a card: entitled for the other side, and never its submitter."""
    if not user.is_authenticated or version.submitted_by_id == user.pk:
        return False
    if version.submitted_for not in _SIDE_SEATS:
        return False
    other = "EW" if version.submitted_for == "NS" else "NS"
    return can_submit_for_side(user, version.scorecard.game, other)


def can_settle_scorecards(user: Any) -> bool:
    """Settle disputes and correct confirmed cards: league managers and tournament directors."""
    return is_staff_role(user)


def can_edit_rule_sets(user: Any) -> bool:
    """Copy presets and edit the copies (leagues and tournaments both pick rule sets)."""
    return is_staff_role(user)


# --- league nights (results, forfeits, standings, playoffs) ---


def can_act_for_fixture(user: Any, fixture: Any) -> bool:
    """Enter or confirm a fixture's cards, record a forfeit: its two captains and managers."""
    if is_manager(user):
        return True
    return any(is_captain_of(user, team_id) for team_id in fixture.team_ids())


def can_run_league_nights(user: Any) -> bool:
    """Close fixtures, overturn forfeits, decide playoff places, publish standings, playoffs."""
    return is_manager(user)


# --- activity log ---


def can_view_league_activity(user: Any, league: Any) -> bool:
    """A league's activity log: its staff (today every league manager runs every league)."""
    return can_manage_league(user)


def can_view_tournament_activity(user: Any, tournament: Any) -> bool:
    """A tournament's activity log: the director who runs it (and superusers)."""
    return can_run_tournament(user, tournament)
