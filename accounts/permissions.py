"""Who may do what: the one place every view and service asks, always about an object.

Roles live on objects (`accounts.models.Role`): a league has its managers, a tournament its
directors and scorekeepers, and organisers (a site role) may create leagues and
tournaments. Site administrators (superusers) may do everything. A captain is a player
holding the captain role on an active team; a player is a user linked to a league player.
A manager of one league is nobody in another.

Accounts sits below the league, scoring and tournaments: what only they know (a user's
teams, which league or tournament owns a game) comes through lookups they register at
start-up.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from accounts import lookups
from accounts.lookups import (  # noqa: F401 - the apps register through this module
    GameScope,
    Membership,
    register_fixture_sub_lookup,
    register_game_scope_lookup,
    register_membership_lookup,
    register_rule_set_users_lookup,
)
from accounts.models import Role, RoleName, Scope

_CACHE_ATTR = "_euchre_role_cache"


def _cache(user: Any) -> dict:
    cache = getattr(user, _CACHE_ATTR, None)
    if cache is None:
        cache = {}
        setattr(user, _CACHE_ATTR, cache)
    return cache


def remember_roles(user: Any, roles: frozenset[tuple[str, int, str]]) -> None:
    """Roles read together with the user (`accounts.signed_in`): no query of their own."""
    _cache(user)["roles"] = roles


def forget_roles(user: Any) -> None:
    """Drop the per-request cache after a change of roles."""
    if hasattr(user, _CACHE_ATTR):
        delattr(user, _CACHE_ATTR)


# --- roles on objects ---


def _roles(user: Any) -> frozenset[tuple[str, int, str]]:
    """Every (scope kind, scope id, role) the user holds, read once per request."""
    if not user.is_authenticated:
        return frozenset()
    cache = _cache(user)
    if "roles" not in cache:
        cache["roles"] = frozenset(
            Role.objects.filter(user_id=user.pk).values_list("scope_kind", "scope_id", "role")
        )
    return cache["roles"]


def _ids(user: Any, scope_kind: str, *roles: str) -> frozenset[int]:
    return frozenset(i for kind, i, role in _roles(user) if kind == scope_kind and role in roles)


def is_site_admin(user: Any) -> bool:
    return bool(user.is_authenticated and user.is_superuser)


def is_organiser(user: Any) -> bool:
    """May create leagues and tournaments (and becomes their first staff)."""
    return is_site_admin(user) or any(kind == Scope.SITE for kind, _, _ in _roles(user))


def managed_league_ids(user: Any) -> frozenset[int]:
    return _ids(user, Scope.LEAGUE, RoleName.MANAGER)


def directed_tournament_ids(user: Any) -> frozenset[int]:
    return _ids(user, Scope.TOURNAMENT, RoleName.DIRECTOR)


def scorekept_tournament_ids(user: Any) -> frozenset[int]:
    return _ids(user, Scope.TOURNAMENT, RoleName.DIRECTOR, RoleName.SCOREKEEPER)


def is_manager(user: Any) -> bool:
    """Manages at least one league (menus and the staff desk; never a permission on its own)."""
    return is_site_admin(user) or bool(managed_league_ids(user))


def is_director(user: Any) -> bool:
    """Directs or keeps score at one event at least (menus and the staff desk)."""
    return is_site_admin(user) or bool(scorekept_tournament_ids(user))


def is_staff_role(user: Any) -> bool:
    return is_organiser(user) or is_manager(user) or is_director(user)


def is_league_manager(user: Any, league_id: int | None) -> bool:
    return is_site_admin(user) or (league_id is not None and league_id in managed_league_ids(user))


def can_manage_league(user: Any, league: Any) -> bool:
    """Seasons, teams, schedule, results, standings, playoffs and staff of this league."""
    return is_league_manager(user, league.pk)


def can_manage_season(user: Any, season: Any) -> bool:
    return is_league_manager(user, season.league_id)


def can_create_league(user: Any) -> bool:
    return is_organiser(user)


def can_create_tournament(user: Any) -> bool:
    return is_organiser(user)


def can_run_tournament(user: Any, tournament: Any) -> bool:
    """Set-up, rounds, brackets, check-in and staff of this event: its directors."""
    return is_site_admin(user) or tournament.pk in directed_tournament_ids(user)


def can_keep_score(user: Any, tournament: Any) -> bool:
    """Enter, settle and correct this event's cards: its directors and scorekeepers."""
    return is_site_admin(user) or tournament.pk in scorekept_tournament_ids(user)


def can_grant_role(user: Any, scope_kind: str, scope_id: int) -> bool:
    """Who may add and remove staff: site admins anywhere, else the object's own managers
    or directors (organisers are let in by site administrators)."""
    if is_site_admin(user):
        return True
    if scope_kind == Scope.LEAGUE:
        return is_league_manager(user, scope_id)
    if scope_kind == Scope.TOURNAMENT:
        return scope_id in directed_tournament_ids(user)
    return False


def is_staff_of(user: Any, scope_kind: str, scope_id: int | None) -> bool:
    """Staff of a league (its managers) or of a tournament (its directors, scorekeepers)."""
    if is_site_admin(user):
        return True
    if scope_id is None:
        return False
    if scope_kind == Scope.LEAGUE:
        return scope_id in managed_league_ids(user)
    if scope_kind == Scope.TOURNAMENT:
        return scope_id in scorekept_tournament_ids(user)
    return False


# --- players, captains and teams ---


def _membership(user: Any) -> Membership:
    cache = _cache(user)
    if "membership" not in cache:
        cache["membership"] = lookups.lookup("membership")(user.pk)
    return cache["membership"]


def player_id_for(user: Any) -> int | None:
    if not user.is_authenticated:
        return None
    return _membership(user)[0]


def _team_roles(user: Any) -> dict[int, str]:
    if not user.is_authenticated:
        return {}
    return _membership(user)[1]


def team_ids_for(user: Any) -> frozenset[int]:
    """Active teams the user plays on, any role (subs only within their dates)."""
    return frozenset(_team_roles(user))


def captained_team_ids(user: Any) -> frozenset[int]:
    return frozenset(team for team, role in _team_roles(user).items() if role == "captain")


def is_captain(user: Any) -> bool:
    return bool(captained_team_ids(user))


def is_captain_of(user: Any, team_id: int) -> bool:
    return team_id in captained_team_ids(user)


def _team_league_id(team: Any) -> int:
    return team.season.league_id


def can_act_for_team(user: Any, team: Any) -> bool:
    """Captain's writes for a team (roster, invitations): its captain or its league's managers."""
    return is_captain_of(user, team.pk) or is_league_manager(user, _team_league_id(team))


def can_view_team_private(user: Any, team: Any) -> bool:
    """Private team pages (contacts, waivers): the team's own players and its league's managers."""
    return team.pk in team_ids_for(user) or is_league_manager(user, _team_league_id(team))


def role_names(user: Any) -> list[str]:
    names = []
    if is_site_admin(user):
        names.append("administrator")
    elif is_organiser(user):
        names.append("organiser")
    if is_manager(user):
        names.append("manager")
    if is_director(user):
        names.append("director")
    if is_captain(user):
        names.append("captain")
    if player_id_for(user) is not None:
        names.append("player")
    return names


# --- views ---


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
    """For object-level checks inside a view or service, once the object is loaded."""
    if not allowed:
        raise PermissionDenied(message)


staff_required = require(is_staff_role)
organiser_required = require(is_organiser)
manager_required = require(is_manager)  # manages some league; the view then asks which


# --- notices ---


def can_read_outbox(user: Any) -> bool:
    """The outbox page: staff see the notices of the leagues they manage (admins: all)."""
    return is_site_admin(user) or is_manager(user)


# --- scoring ---

_SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


def game_scope(user: Any, game: Any) -> GameScope:
    """Which league or tournament owns the game (cached per request)."""
    cache = _cache(user).setdefault("game_scopes", {})
    if game.pk not in cache:
        cache[game.pk] = lookups.lookup("game scope")(game)
    return cache[game.pk]


def is_game_staff(user: Any, game: Any) -> bool:
    """The staff of the league or tournament that owns this game (never another's)."""
    if not user.is_authenticated:
        return False
    if is_site_admin(user):
        return True
    if not (managed_league_ids(user) or scorekept_tournament_ids(user)):
        return False
    return is_staff_of(user, *game_scope(user, game))


def can_submit_for_side(user: Any, game: Any, side: str) -> bool:
    """Enter a game's card for one side: its owner's staff; that side's captain (or the sub
    found for that side of the game's fixture); else a player seated there. Uses
    `game.seats.all()` (prefetch `seats` to keep pages small)."""
    if not user.is_authenticated or side not in _SIDE_SEATS:
        return False
    if is_game_staff(user, game):
        return True
    team_id = game.ns_team_id if side == "NS" else game.ew_team_id
    if team_id is not None:
        return is_captain_of(user, team_id) or (game.pk, team_id) in _fixture_sub_sides(user)
    player_id = player_id_for(user)
    return player_id is not None and any(
        seat.player_id == player_id and seat.seat in _SIDE_SEATS[side] for seat in game.seats.all()
    )


def _fixture_sub_sides(user: Any) -> frozenset[tuple[int, int]]:
    """(game id, team id) the user plays as a found sub, read once per request."""
    cache = _cache(user)
    if "fixture_subs" not in cache:
        cache["fixture_subs"] = lookups.fixture_sub_sides(user.pk)
    return cache["fixture_subs"]


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


def can_settle_game(user: Any, game: Any) -> bool:
    """Settle a dispute or correct a confirmed card: the staff of the game's owner only."""
    return is_game_staff(user, game)


def can_settle_scorecards(user: Any) -> bool:
    """Whether to show the dispute queue at all (it lists only the user's own games)."""
    return is_staff_role(user)


def can_edit_rule_sets(user: Any) -> bool:
    """Copy presets: organisers and a league's or event's staff (`can_edit_rule_set`: edit)."""
    return is_staff_role(user)


def can_edit_rule_set(user: Any, rule_set: Any) -> bool:
    """Change a copy: who sets up every league and event playing under it (nobody changes
    another's rules); one nobody plays under, its maker (any staff if unknown); admins."""
    if is_site_admin(user) or not can_edit_rule_sets(user):
        return is_site_admin(user)
    # Read afresh: the service asks under its lock.
    users = lookups.lookup("rule set users")(rule_set)
    if users:  # can_grant_role: a league's managers, an event's directors
        return all(can_grant_role(user, kind, scope_id) for kind, scope_id in users)
    return rule_set.created_by_id in (None, user.pk)


# --- league nights (results, forfeits, standings, playoffs) ---


def can_act_for_fixture(user: Any, fixture: Any) -> bool:
    """Enter or confirm a fixture's cards, record a forfeit: its two captains, its managers."""
    if is_league_manager(user, fixture.season.league_id):
        return True
    return any(is_captain_of(user, team_id) for team_id in fixture.team_ids())


def can_run_league_nights(user: Any, season: Any) -> bool:
    """Close fixtures, overturn forfeits, decide playoff places, publish standings, playoffs."""
    return can_manage_season(user, season)


# --- activity log ---


def can_view_league_activity(user: Any, league: Any) -> bool:
    return can_manage_league(user, league)


def can_view_tournament_activity(user: Any, tournament: Any) -> bool:
    return can_run_tournament(user, tournament)
