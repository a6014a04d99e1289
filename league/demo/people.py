"""Demo logins for the league's people: every team's captain can sign in.

The demo 'captain' captains Left Bowers; every other captain signs in as
captain-<team> (e.g. captain-right-bowers) with the demo password.
"""

from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import get_hasher, make_password
from django.utils.text import slugify

from accounts.demo import DEMO_PASSWORD
from league.seasons.models import Player, RosterEntry, Team
from wording.words import possessive


def _demo_password_hash() -> str:
    """Hashed once per hasher: the slow default hasher takes most of a second a captain."""
    return _hash_with(get_hasher().algorithm)


@cache
def _hash_with(algorithm: str) -> str:
    return make_password(DEMO_PASSWORD, hasher=algorithm)


def captain_username(team: Team) -> str:
    return f"captain-{slugify(team.name)}"


def captain_login(team: Team) -> Any:
    """The team captain's user: theirs if linked, else captain-<team> (created once).
    None when the team has no captain (someone took the demo's away)."""
    entry = (
        team.roster.select_related("player__user")
        .filter(role=RosterEntry.Role.CAPTAIN, fixture__isnull=True)
        .order_by("pk")
        .first()
    )
    if entry is None:
        return None
    if entry.player.user is not None:
        return entry.player.user
    user, created = get_user_model().objects.get_or_create(
        username=captain_username(team),
        defaults={
            "email": entry.player.email,
            "first_name": entry.player.name.split()[0],
            "last_name": " ".join(entry.player.name.split()[1:]),
        },
    )
    if created:
        user.password = _demo_password_hash()
        user.save(update_fields=["password"])
    # The login may be linked to a player of an earlier demo: it moves to this one.
    Player.objects.filter(user=user).exclude(pk=entry.player_id).update(user=None)
    Player.objects.filter(pk=entry.player_id).update(user=user)
    entry.player.user = user
    return user


def captain_logins(teams: list[Team]) -> None:
    """Make sure every team's captain can log in."""
    for team in teams:
        captain_login(team)


def login_name(team: Team) -> str:
    """The username to print for a team's captain."""
    user = captain_login(team)
    return user.get_username() if user is not None else f"{possessive(team.name)} captain"
