"""Creating and editing an event before (and, for its name and date, after) the start."""

from typing import Any

from django.db import transaction

from activity.models import Verb
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.services.log import tournament_activity
from tournaments.stage_data import cold_butt_data


@transaction.atomic
def tournament_create(*, tournament: Tournament, director: Any) -> Tournament:
    """Save a new event (from a valid setup form); the director creating it runs it."""
    tournament.director = director
    if tournament.is_heats and not tournament.stages:
        tournament.stages = cold_butt_data()
    tournament.save()
    if getattr(director, "is_authenticated", False):
        tournament_activity(
            tournament=tournament,
            actor=director,
            verb=Verb.ROLE_GRANTED,
            detail=f"{director.get_username()} directs the event (they set it up)",
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
