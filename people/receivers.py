"""Ratings and game lines follow every confirmed, settled or corrected card.

`card_confirmed` is sent once the card's transaction has committed; so is
`game_players_changed` (a league line-up recorded: the same cards, other players). The
re-rating goes to a worker; when the broker can't take it, it runs here and now instead (a
late confirmation page beats a rating that never moves), and the nightly rebuild is the
last safety net.
"""

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from scoring.signals import card_confirmed, game_players_changed

logger = logging.getLogger(__name__)


def _rerate(game_ids: list[int]) -> None:
    from people import tasks
    from people.services import ratings

    try:
        tasks.games_rerate.delay(game_ids)
    except Exception:
        logger.warning("Could not queue the re-rating of games %s; rating them now", game_ids)
        try:
            ratings.games_rerate(game_ids=game_ids)
        except Exception:
            logger.exception("Re-rating games %s failed; the nightly rebuild will do it", game_ids)


def rerate_confirmed_game(sender: Any, game: Any, version: Any = None, **kwargs: Any) -> None:
    _rerate([game.pk])


def rerate_games_with_new_players(sender: Any, game_ids: list[int], **kwargs: Any) -> None:
    if game_ids:
        _rerate(list(game_ids))


def connect() -> None:
    """Called from the app's ready()."""
    card_confirmed.connect(rerate_confirmed_game, dispatch_uid="people.rerate_confirmed_game")
    game_players_changed.connect(
        rerate_games_with_new_players, dispatch_uid="people.rerate_games_with_new_players"
    )


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """Cards confirmed in here don't re-rate one by one: for a bulk load that ends with
    `ratings_rebuild()` (the same numbers), such as the demo."""
    card_confirmed.disconnect(dispatch_uid="people.rerate_confirmed_game")
    game_players_changed.disconnect(dispatch_uid="people.rerate_games_with_new_players")
    try:
        yield
    finally:
        connect()
