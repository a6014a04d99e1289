"""What the room display shows besides the play itself: the director's announcement."""

from typing import Any

from django.db import transaction

from accounts.permissions import can_run_tournament, deny_unless
from tournaments.models import Tournament
from tournaments.models.event import ANNOUNCEMENT_MAX
from tournaments.services.entries import _typed

NOT_YOURS = "Only this tournament's director can write to its room."


@transaction.atomic
def tournament_announce(*, tournament: Tournament, text: str, by: Any) -> Tournament:
    """Put `text` on the room display (empty clears it)."""
    deny_unless(can_run_tournament(by, tournament), NOT_YOURS)
    text = _typed(text, label="the announcement", limit=ANNOUNCEMENT_MAX, lines=True)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tournament.announcement = text
    tournament.save(update_fields=["announcement"])
    return tournament
