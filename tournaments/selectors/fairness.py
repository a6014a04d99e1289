"""The fairness sheet of a progressive event, read in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.fairness import FairnessSheet, Place, fairness_sheet
from tournaments.models import Entry, Seat, Tournament
from tournaments.rotation import Round as DrawnRound
from tournaments.rotation import Table as DrawnTable


@dataclass(frozen=True)
class Met:
    entry: Entry
    times: int


@dataclass(frozen=True)
class FairnessRow:
    entry: Entry
    partners: list[Met]
    opponents: list[Met]
    places: list[Place]
    sit_outs: int
    alone: int


@dataclass(frozen=True)
class FairnessView:
    rows: list[FairnessRow]
    sheet: FairnessSheet


def drawn_rounds(tournament: Tournament) -> list[DrawnRound]:
    """Every drawn round (played or planned) over entry ids: two queries."""
    rows = tournament.round_set.order_by("number").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("table"))
    )
    drawn = []
    for row in rows:
        by_table: dict[int, dict[str, int]] = {}
        sitting_out = []
        for seat in row.seats.all():
            if seat.table_id is None:
                sitting_out.append(seat.entry_id)
            else:
                by_table.setdefault(seat.table.number, {})[seat.seat] = seat.entry_id
        tables = tuple(
            DrawnTable(
                number=number,
                ns=tuple(places[s] for s in "NS" if s in places),
                ew=tuple(places[s] for s in "EW" if s in places),
            )
            for number, places in sorted(by_table.items())
        )
        drawn.append(DrawnRound(row.number, tables, tuple(sitting_out)))
    return drawn


def fairness_view(tournament: Tournament) -> FairnessView:
    """Every player who has a seat: partners, opponents, tables and sit-outs so far, and
    the rotation's guarantees (three queries, whatever the size of the field)."""
    rounds = drawn_rounds(tournament)
    seated = {p for rnd in rounds for p in (*rnd.players, *rnd.sitting_out)}
    entries = {e.pk: e for e in tournament.entries.filter(pk__in=seated).select_related("player")}
    order = sorted(entries, key=lambda pk: entries[pk].player.name.casefold())
    playing = [pk for pk in order if entries[pk].status == Entry.Status.CHECKED_IN]
    sheet = fairness_sheet(order, rounds, tournament.current_round, guarantee_players=playing)
    rows = [
        FairnessRow(
            entry=entries[row.player],
            partners=[Met(entries[s.other], s.times) for s in row.partners],
            opponents=[Met(entries[s.other], s.times) for s in row.opponents],
            places=list(row.places),
            sit_outs=row.sit_outs,
            alone=row.alone,
        )
        for row in sheet.players
    ]
    return FairnessView(rows=rows, sheet=sheet)
