"""Ratings and game lines follow every confirmed, settled or corrected card.

`card_confirmed` is sent once the card's transaction has committed. The re-rating goes to a
worker; when the broker can't take it, it runs here and now instead (a late confirmation
page beats a rating that never moves), and the nightly rebuild is the last safety net.
"""

import logging
from typing import Any

from scoring.signals import card_confirmed

logger = logging.getLogger(__name__)


def rerate_confirmed_game(sender: Any, game: Any, version: Any = None, **kwargs: Any) -> None:
    from people import tasks
    from people.services import ratings

    try:
        tasks.games_rerate.delay([game.pk])
    except Exception:
        logger.warning("Could not queue the re-rating of game %s; rating it now", game.pk)
        try:
            ratings.games_rerate(game_ids=[game.pk])
        except Exception:
            logger.exception("Re-rating game %s failed; the nightly rebuild will do it", game.pk)


def connect() -> None:
    """Called from the app's ready()."""
    card_confirmed.connect(rerate_confirmed_game, dispatch_uid="people.rerate_confirmed_game")
