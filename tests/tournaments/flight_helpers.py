"""Flights and seeding test data: ratings seeded the way people stores them."""

from people.models import PlayerRating
from tournaments.models import Entry, Tournament

ABC = [
    {"name": "A", "size": 2, "prizes": [5000, 2000]},
    {"name": "B", "size": 2, "prizes": [3000, 1000]},
    {"name": "C", "size": None, "prizes": [1500]},
]


def rate(player_id: int, value: int) -> None:
    PlayerRating.objects.update_or_create(
        player_id=player_id, defaults={"mu": 25, "sigma": 8.3, "games": 12, "value": value}
    )


def rate_entries(tournament: Tournament, values: list[int]) -> list[Entry]:
    """Give the entries, in registration order, these ratings (a pair: both players)."""
    entries = list(tournament.entries.order_by("number"))
    for entry, value in zip(entries, values, strict=True):
        rate(entry.player_id, value)
        if entry.partner_id:
            rate(entry.partner_id, value)
    return entries


def flights_of(tournament: Tournament) -> dict[int, str]:
    """Registration number -> flight."""
    return dict(tournament.entries.order_by("number").values_list("number", "flight"))
