"""The leaderboard and the room display's data, built once per version of the event's results.

Every screen in the room polls the display, and players reload the leaderboard between
rounds: both are kept in the cache under the event's results version
(`tournaments.versions`) and the settings they depend on, so a request between two changes
costs one query (the event with its version) and a read or two of the cache, whatever the
field's size.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import cache

from tournaments.models import Tournament
from tournaments.selectors.progressive import Leaderboard, board_flight, progressive_leaderboard
from tournaments.versions import results_version

# A net under the version: a change that moved nothing on (a player's name edited in the
# league, a process stopped between a card's commit and its count) shows within this.
CACHE_SECONDS = 15 * 60


def board_key(kind: str, tournament: Tournament) -> str:
    """A cache key for `kind` built from the event's results: its version (read now, before
    the data), and the event's own fields that the board reads."""
    settings = repr(
        (
            tournament.status,
            tournament.current_round,
            tournament.rounds,
            tournament.rule_set_id,
            tournament.tiebreak_order,
            tournament.sit_out_scoring,
            tournament.sit_out_points,
            tournament.prizes,
            tournament.champion_id,
            tournament.flight_basis,
            tournament.flights,
        )
    )
    digest = hashlib.blake2b(settings.encode(), digest_size=8).hexdigest()
    return f"tournaments:{kind}:{tournament.pk}:{results_version(tournament)}:{digest}"


def kept[T](kind: str, tournament: Tournament, build: Callable[[], T]) -> T:
    """`build()`'s answer for this version of the event's results, from the cache if there."""
    key = board_key(kind, tournament)
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, timeout=CACHE_SECONDS)
    return value


def leaderboard_kept(tournament: Tournament) -> Leaderboard:
    """`progressive_leaderboard`, computed once per version of the event's results."""
    return kept("leaderboard", tournament, lambda: progressive_leaderboard(tournament))


def flight_chosen(tournament: Tournament, value: str | None) -> tuple[str, str]:
    """The flight an address asks for (``?flight=A``) and a notice: a name the event doesn't
    have shows the whole board, saying so; none asked shows the whole board quietly."""
    if not value:
        return "", ""
    names = tournament.flight_names
    if value in names:
        return value, ""
    if not names:
        return "", "This event has no flights: the whole leaderboard is shown."
    return "", f"There is no such flight: the whole leaderboard is shown ({', '.join(names)})."


def flight_key(tournament: Tournament, flight: str) -> str:
    """A short, bounded part of a cache key for a flight: its index among the event's."""
    return str(tournament.flight_names.index(flight)) if flight else "all"


def leaderboard_flight_kept(tournament: Tournament, flight: str) -> Leaderboard:
    """The whole board, or one known flight of it placed within the flight."""
    board = leaderboard_kept(tournament)
    return board_flight(board, flight) if flight else board
