"""Players' ratings for the apps below ``people``: seeding and flights ask here.

People rates every confirmed game but sits above the league and tournaments, so it
registers its lookup at start-up (``people.sources``); with none registered (or for a
player never rated) everyone stands at the starting value.
"""

from collections.abc import Callable, Iterable

STARTING_VALUE = 1000

RatingsLookup = Callable[[list[int]], dict[int, int]]

_lookup: list[RatingsLookup] = []


def register_ratings_lookup(lookup: RatingsLookup) -> None:
    """Register (or replace) the lookup: player ids → their conservative rating value."""
    _lookup[:] = [lookup]


def rating_values(player_ids: Iterable[int]) -> dict[int, int]:
    """Each player's rating value, the starting value for anyone not rated yet."""
    ids = sorted({int(pk) for pk in player_ids})
    found = _lookup[0](ids) if _lookup else {}
    return {pk: found.get(pk, STARTING_VALUE) for pk in ids}


def side_value(player_ids: Iterable[int]) -> float:
    """A side's rating: the mean of its players' (a pair is as strong as its average)."""
    values = list(rating_values(player_ids).values())
    return sum(values) / len(values) if values else float(STARTING_VALUE)


ChancesLookup = Callable[[int], dict[str, float] | None]

_chances: list[ChancesLookup] = []


def register_chances_lookup(lookup: ChancesLookup) -> None:
    """Register (or replace) the lookup: game id → each side's chance {"NS": p, "EW": 1 - p}."""
    _chances[:] = [lookup]


def side_chances(game_id: int) -> dict[str, float] | None:
    """Each side's chance of winning from its players' ratings; None when a side is unknown."""
    return _chances[0](game_id) if _chances else None
