"""Confirmed cards move the event's results version (tournaments.versions), brackets and
heats on. A disputed card tells the event's staff and the player who entered it."""

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from scoring.models import ScorecardVersion
from scoring.signals import card_confirmed
from tournaments.models import HeatMatch, MatchGame
from tournaments.selectors.games import game_tournament_scope
from tournaments.services import bracket_record_game, heats_record_game
from tournaments.services.card_notices import tournament_card_disputed_notify
from tournaments.versions import tournament_results_changed


@receiver(card_confirmed, dispatch_uid="tournaments.card_confirmed")
def advance_on_confirmed_card(sender: Any, game: Any, version: Any = None, **kwargs: Any) -> None:
    scope = game_tournament_scope(game.pk)
    if scope is None:
        return  # a league game
    # Sent after the card's commit: the leaderboard's version moves on now.
    tournament_results_changed(scope[1])
    match_game = MatchGame.objects.filter(game_id=game.pk).first()
    if match_game is not None:
        bracket_record_game(match_game=match_game, by=version.confirmed_by if version else None)
        return
    heat_match = HeatMatch.objects.filter(game_id=game.pk).select_related("heat").first()
    if heat_match is not None:
        heats_record_game(heat_match=heat_match, by=version.confirmed_by if version else None)


@receiver(post_save, sender=ScorecardVersion, dispatch_uid="tournaments.card_disputed")
def notify_card_disputed(
    sender: Any, instance: ScorecardVersion, created: bool, **kwargs: Any
) -> None:
    fields = kwargs.get("update_fields") or ()
    if kwargs.get("raw") or created or "dispute_reason" not in fields:
        return
    if instance.state == ScorecardVersion.State.DISPUTED:
        tournament_card_disputed_notify(instance)
