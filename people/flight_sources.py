"""What people lends tournaments for flights by ladder: each player's season ladder position
before an event (registered in ``people.apps``; asked through ``tournaments.flight_sources``).

An event in no series gives no positions; so does a series whose ladder can't be read yet.
Players without a position are placed by rating after those with one (tournaments.flights).
"""

from typing import Any

from tournaments.flight_sources import register_ladder_positions


def _player_id(row: Any) -> int | None:
    player = getattr(row, "player_id", None)
    if player is None:
        player = getattr(row, "player", None)
    player = getattr(player, "pk", player)
    return player if isinstance(player, int) else None


def ladder_positions_before(tournament: Any) -> dict[int, int]:
    """{player id: position, 1 best} on the ladder of the series `tournament` belongs to."""
    from people.models import SeriesEvent

    link = SeriesEvent.objects.filter(tournament_id=tournament.pk).select_related("series").first()
    if link is None:
        return {}
    try:
        from people.selectors import series as series_selectors
    except ImportError:
        return {}
    ladder = getattr(series_selectors, "series_ladder", None)
    if ladder is None:
        return {}
    # The ladder counts finished events: before this one starts, that is the ones before it.
    found = ladder(link.series)
    rows = getattr(found, "lines", None)
    rows = getattr(found, "rows", found) if rows is None else rows
    positions: dict[int, int] = {}
    for index, row in enumerate(rows, start=1):
        player = _player_id(row)
        if player is not None and player not in positions:
            positions[player] = index
    return positions


def register() -> None:
    register_ladder_positions(ladder_positions_before)
