"""Fixture scores for the schedule page, which sits in seasons, below the nights that know
the cards: nights registers how games won are read (`league.apps`), seasons asks here.
"""

from collections.abc import Callable, Collection

# fixture ids -> {fixture id: (games won by home, games won by away)}, decided games only.
ScoreLookup = Callable[[Collection[int]], dict[int, tuple[int, int]]]

_lookups: dict[str, ScoreLookup] = {}


def register_fixture_scores(name: str, lookup: ScoreLookup) -> None:
    _lookups[name] = lookup


def fixture_scores(fixture_ids: Collection[int]) -> dict[int, str]:
    """'2–1' (home's games won first) for each fixture with a decided game; others absent."""
    scores: dict[int, str] = {}
    for lookup in _lookups.values():
        for pk, (home, away) in lookup(fixture_ids).items():
            scores[pk] = f"{home}–{away}"
    return scores
