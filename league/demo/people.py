"""Demo logins for the league's people: every team's captain can sign in.

The demo 'captain' captains Left Bowers; every other captain signs in as
captain-<team> (e.g. captain-right-bowers) with the demo password.
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.text import slugify

from accounts.demo import DEMO_PASSWORD
from league.seasons.models import Player, RosterEntry, Team


def captain_username(team: Team) -> str:
    return f"captain-{slugify(team.name)}"


def captain_login(team: Team) -> Any:
    """The team captain's user: theirs if linked, else captain-<team> (created once)."""
    entry = team.roster.select_related("player__user").get(role=RosterEntry.Role.CAPTAIN)
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
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    # The login may be linked to a player of an earlier demo: it moves to this one.
    Player.objects.filter(user=user).exclude(pk=entry.player_id).update(user=None)
    Player.objects.filter(pk=entry.player_id).update(user=user)
    entry.player.user = user
    return user


def captain_logins(teams: list[Team]) -> dict[int, Any]:
    """Every team's captain login, by team id."""
    return {team.pk: captain_login(team) for team in teams}
