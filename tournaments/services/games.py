"""Games the tournament creates for its tables, series and heat matches."""

from typing import Any

from scoring.models import Game, GameSeat
from tournaments.models import Entry, Tournament


def game_create(
    *, tournament: Tournament, label: str, seats: dict[str, int], created_by: Any = None
) -> Game:
    """A game under the tournament's rule set with `seats` mapping N/E/S/W to player ids."""
    game = Game.objects.create(
        rule_set=tournament.rule_set,
        label=f"{tournament.name} · {label}",
        created_by=created_by if created_by is not None and created_by.is_authenticated else None,
    )
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player_id=player_id) for seat, player_id in seats.items()
    )
    return game


def team_seats(ns: Entry, ew: Entry) -> dict[str, int]:
    """Partnership games: the N-S team's players sit N and S, the other team E and W."""
    seats = {"N": ns.player_id, "E": ew.player_id}
    if ns.partner_id:
        seats["S"] = ns.partner_id
    if ew.partner_id:
        seats["W"] = ew.partner_id
    return seats
