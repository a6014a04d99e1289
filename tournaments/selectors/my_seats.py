"""A signed-in player's seat tonight: the round under way of each progressive event they
play in today, for their start page."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.permissions import player_id_for
from tournaments.models import Entry, Seat, Tournament

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class TonightSeat:
    tournament: Tournament
    entry: Entry
    round: int
    table: int | None  # None: sitting out this round
    seat: str = ""
    partner: Entry | None = None
    opponents: list[Entry] = field(default_factory=list)
    game_id: int | None = None


def seats_tonight(user: Any, *, today: datetime.date | None = None) -> list[TonightSeat]:
    """Where `user` sits now in each progressive event under way today that they play in
    (withdrawn, or not seated before the next round: nothing). Three queries after the
    player's own, whatever the events' size."""
    player_id = player_id_for(user)
    if player_id is None:
        return []
    entries = list(
        Entry.objects.filter(
            Q(player_id=player_id) | Q(partner_id=player_id),
            tournament__date=today or timezone.localdate(),
            tournament__format=Tournament.Format.PROGRESSIVE,
            tournament__status=Tournament.Status.RUNNING,
            tournament__current_round__gt=0,
            status=Entry.Status.CHECKED_IN,
        ).select_related("tournament")
    )
    if not entries:
        return []
    now = Q()
    for entry in entries:  # each event's round under way
        now |= Q(entry=entry, round__number=entry.tournament.current_round)
    mine = {seat.entry_id: seat for seat in Seat.objects.filter(now).select_related("table")}
    tables = [seat.table_id for seat in mine.values() if seat.table_id]
    at_table: dict[int, dict[str, Entry]] = {}
    for seat in Seat.objects.filter(table_id__in=tables).select_related("entry__player"):
        at_table.setdefault(seat.table_id, {})[seat.seat] = seat.entry
    found = []
    for entry in entries:
        seat = mine.get(entry.pk)
        if seat is None:
            continue
        number = entry.tournament.current_round
        if seat.table_id is None:
            found.append(TonightSeat(entry.tournament, entry, number, None))
            continue
        places = at_table.get(seat.table_id, {})
        others = ("E", "W") if seat.seat in "NS" else ("N", "S")
        found.append(
            TonightSeat(
                tournament=entry.tournament,
                entry=entry,
                round=number,
                table=seat.table.number,
                seat=seat.seat,
                partner=places.get(PARTNER[seat.seat]),
                opponents=[places[o] for o in others if o in places],
                game_id=seat.table.game_id,
            )
        )
    return sorted(found, key=lambda s: (s.tournament.start_time is None, s.tournament.name))
