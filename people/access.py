"""Who may see and act on a person: the person, and the staff of leagues and events they play in.

Per object, as everywhere: a league manager is staff for the players on their seasons'
rosters, a director for the players entered in their events; nobody else sees more than the
public choices (name only by default).
"""

from typing import Any

from django.db.models import Q

from accounts.permissions import (
    directed_tournament_ids,
    is_site_admin,
    managed_league_ids,
    player_id_for,
)
from league.models import Player, RosterEntry
from tournaments.models import Entry


def staff_player_ids_query(user: Any) -> Q | None:
    """A filter on `Player` for the players this user is staff for (None: none, admin: all)."""
    if is_site_admin(user):
        return Q()
    leagues, events = managed_league_ids(user), directed_tournament_ids(user)
    if not leagues and not events:
        return None
    rostered = RosterEntry.objects.filter(team__season__league_id__in=leagues).values("player_id")
    entered = Entry.objects.filter(tournament_id__in=events)
    return (
        Q(pk__in=rostered)
        | Q(pk__in=entered.values("player_id"))
        | Q(pk__in=entered.exclude(partner_id=None).values("partner_id"))
    )


def staff_players(user: Any):  # type: ignore[no-untyped-def]
    """The players this user is staff for, as a queryset."""
    query = staff_player_ids_query(user)
    return Player.objects.none() if query is None else Player.objects.filter(query)


def is_staff_for_player(user: Any, player: Player) -> bool:
    query = staff_player_ids_query(user)
    return query is not None and Player.objects.filter(query, pk=player.pk).exists()


def is_the_person(user: Any, player: Player) -> bool:
    return getattr(user, "is_authenticated", False) and player_id_for(user) == player.pk


def can_see_everything_of(user: Any, player: Player) -> bool:
    """The person themselves and their staff see the whole profile whatever it shows publicly."""
    return is_the_person(user, player) or is_staff_for_player(user, player)
