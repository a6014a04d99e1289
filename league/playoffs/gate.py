"""Scoring's gate for playoff games: an awarded series takes no more cards.

A manager who awards a series (or a team removed from the league, which gives its open
series away) decides it without its games: a card entered, confirmed, settled or corrected
afterwards would count for nothing, or say the series went the other way. So every step
on the card of such a series' game is refused, with who the series went to and why. A
series decided by its games is left to the league's own gate (league.nights.selectors.games).
Registered by the league at start-up (`league.apps`).
"""

from typing import Any

from django.db.models import Q

from league.playoffs.models import PlayoffMatch
from scoring.owners import CardStep

_UNREAD = object()
# The answer is kept on the game object: a page asks the gate for several steps of one game.
_KEPT = "_awarded_playoff_match"


def _awarded_match(game: Any) -> PlayoffMatch | None:
    match = getattr(game, _KEPT, _UNREAD)
    if match is _UNREAD:
        match = (
            PlayoffMatch.objects.filter(
                fixture__fixture_games__game_id=game.pk, winner__isnull=False
            )
            .filter(Q(awarded_by__isnull=False) | ~Q(award_reason=""))
            .select_related("winner")
            .only("award_reason", "winner__name")
            .first()
        )
        setattr(game, _KEPT, match)
    return match


def awarded_series_refusals(game: Any, step: CardStep) -> list[str]:
    """Why a game of an awarded series takes no card (empty for any other game): one query
    per game object, whatever the number of steps asked."""
    match = _awarded_match(game)
    if match is None:
        return []
    reason = match.award_reason.strip().rstrip(".")
    return [
        f"This series was awarded to {match.winner.name}"
        + (f": {reason}." if reason else ".")
        + " It takes no more cards, and its cards can't be corrected."
    ]
