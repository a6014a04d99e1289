"""Season ladder positions for flights by ladder: people knows them, tournaments asks here.

A tournament counted in a season ladder (people's series) may put its entries into flights
by their ladder position before this event. People sits above tournaments, so it registers
the lookup at start-up (``people.flight_sources``, from ``people.apps``); with none
registered, nobody has a position and flights fall back to rating.
"""

from collections.abc import Callable
from typing import Any

# tournament -> {player id: ladder position, 1 best}
LadderLookup = Callable[[Any], dict[int, int]]

_lookup: list[LadderLookup] = []


def register_ladder_positions(lookup: LadderLookup) -> None:
    """Register (or replace) the lookup of players' ladder positions before an event."""
    _lookup[:] = [lookup]


def ladder_positions(tournament: Any) -> dict[int, int]:
    """Each player's ladder position before `tournament`; empty when it is in no ladder."""
    return dict(_lookup[0](tournament)) if _lookup else {}
