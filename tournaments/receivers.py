"""Confirmed cards move brackets and heats on; progressive leaderboards read them live."""

from typing import Any

from django.dispatch import receiver

from scoring.signals import card_confirmed
from tournaments.models import HeatMatch, MatchGame
from tournaments.services import bracket_record_game, heats_record_game


@receiver(card_confirmed, dispatch_uid="tournaments.card_confirmed")
def advance_on_confirmed_card(sender: Any, game: Any, version: Any = None, **kwargs: Any) -> None:
    match_game = MatchGame.objects.filter(game_id=game.pk).first()
    if match_game is not None:
        bracket_record_game(match_game=match_game, by=version.confirmed_by if version else None)
        return
    heat_match = HeatMatch.objects.filter(game_id=game.pk).select_related("heat").first()
    if heat_match is not None:
        heats_record_game(heat_match=heat_match, by=version.confirmed_by if version else None)
