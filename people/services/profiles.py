"""Writes for a person's profile: what they show the public."""

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from league.models import Player
from people.access import is_the_person
from people.models import ProfileChoice


@transaction.atomic
def profile_choice_update(
    *,
    actor: Any,
    player: Player,
    show_results: bool,
    show_statistics: bool,
    show_rating: bool,
) -> ProfileChoice:
    """The person's own choice of what the public sees; nobody else may make it for them.

    No activity entry: the log is read by a league's or an event's staff, and a person's
    privacy choice is theirs, not any league's business (the row keeps `updated_at`).
    """
    if not is_the_person(actor, player):
        raise PermissionDenied("Only the person themselves chooses what their profile shows.")
    # One row per player (a OneToOne): a double click updates the row the first one made.
    choice, _ = ProfileChoice.objects.select_for_update().update_or_create(
        player=player,
        defaults={
            "show_results": show_results,
            "show_statistics": show_statistics,
            "show_rating": show_rating,
        },
    )
    return choice
