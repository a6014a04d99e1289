"""Creating and editing an event before (and, for its name and date, after) the start."""

from typing import Any

from django.db import transaction

from accounts.models import RoleName, Scope
from accounts.services import role_grant
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.stage_data import cold_butt_data


@transaction.atomic
def tournament_create(*, tournament: Tournament, director: Any) -> Tournament:
    """Save a new event (from a valid setup form); the director creating it runs it."""
    tournament.director = director
    if tournament.is_heats and not tournament.stages:
        tournament.stages = cold_butt_data()
    tournament.save()
    if getattr(director, "is_authenticated", False):
        # Whoever sets an event up directs it (and may add co-directors and scorekeepers).
        role_grant(
            user=director,
            role=RoleName.DIRECTOR,
            scope_kind=Scope.TOURNAMENT,
            scope_id=tournament.pk,
            by=director,
            first_staff=True,
        )
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament) -> Tournament:
    """Save an edited event; the form has already locked the format once it started."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status == Tournament.Status.FINISHED:
        raise TournamentError("A finished tournament can't be changed.")
    if tournament.is_heats and not tournament.stages:
        tournament.stages = cold_butt_data()
    tournament.save()
    return tournament
