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


def awarded_series_refusals(game: Any, step: CardStep) -> list[str]:
    """Why a game of an awarded series takes no card (empty for any other game): one query."""
    match = (
        PlayoffMatch.objects.filter(fixture__fixture_games__game_id=game.pk, winner__isnull=False)
        .filter(Q(awarded_by__isnull=False) | ~Q(award_reason=""))
        .select_related("winner")
        .only("award_reason", "winner__name")
        .first()
    )
    if match is None:
        return []
    reason = match.award_reason.strip().rstrip(".")
    return [
        f"This series was awarded to {match.winner.name}"
        + (f": {reason}." if reason else ".")
        + " It takes no more cards, and its cards can't be corrected."
    ]
