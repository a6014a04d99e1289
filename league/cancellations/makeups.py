"""Placing cancelled fixtures on makeup nights, without the ORM.

A fixture goes to the night the manager picked, or else to the earliest makeup
night where neither team already plays and a table is free. It keeps its own
table when it can, then prefers another table at the same venue.
"""

import datetime
from dataclasses import dataclass, field

from wording.dates import day_text


class MakeupError(ValueError):
    """A fixture can't be placed; the message says which and why."""


@dataclass(frozen=True)
class Pending:
    """A cancelled fixture waiting for a night."""

    fixture_id: int
    label: str
    team_ids: frozenset[int]
    table_id: int | None = None
    venue_id: int | None = None


@dataclass(frozen=True)
class Seat:
    """A table a makeup fixture may use, at its venue; listed in the order to try them."""

    table_id: int
    venue_id: int


@dataclass
class Night:
    """A makeup night and what already happens on it."""

    date: datetime.date
    busy_teams: set[int] = field(default_factory=set)
    busy_tables: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Move:
    fixture_id: int
    date: datetime.date
    table_id: int | None


def night_label(date: datetime.date, this_year: int | None = None) -> str:
    """'Tue 8 Dec', as every date is written (wording.dates); the year shown when it isn't
    `this_year` (a makeup night is in its season, so by default the year goes unsaid)."""
    return day_text(date, this_year=date.year if this_year is None else this_year)


def _free_table(pending: Pending, night: Night, seats: list[Seat]) -> int | None:
    free = [seat for seat in seats if seat.table_id not in night.busy_tables]
    for seat in free:
        if seat.table_id == pending.table_id:
            return seat.table_id
    same_venue = [seat for seat in free if seat.venue_id == pending.venue_id]
    chosen = (same_venue or free)[:1]
    return chosen[0].table_id if chosen else None


def _why_not(pending: Pending, night: Night, seats: list[Seat]) -> str | None:
    if pending.team_ids & night.busy_teams:
        return f"one of its teams already plays on {night_label(night.date)}"
    if seats and _free_table(pending, night, seats) is None:
        return f"every table is taken on {night_label(night.date)}"
    return None


def _place(pending: Pending, night: Night, seats: list[Seat]) -> Move:
    table_id = _free_table(pending, night, seats) if seats else None
    night.busy_teams |= pending.team_ids
    if table_id is not None:
        night.busy_tables.add(table_id)
    return Move(pending.fixture_id, night.date, table_id)


def assign_makeups(
    pending: list[Pending],
    nights: list[Night],
    seats: list[Seat],
    picks: dict[int, datetime.date] | None = None,
) -> list[Move]:
    """One move per pending fixture, in the order given; raises MakeupError when one can't go.

    `picks` maps a fixture to the night the manager chose for it; those are placed
    first so the automatic ones fill around them. Without `seats` (a season with no
    tables) only the teams limit a night. `nights` are updated as fixtures land.
    """
    picks = picks or {}
    by_date = {night.date: night for night in nights}
    moves: dict[int, Move] = {}
    for item in pending:
        date = picks.get(item.fixture_id)
        if date is None:
            continue
        night = by_date.get(date)
        if night is None:
            raise MakeupError(
                f"{item.label}: {night_label(date)} isn't one of the season's makeup dates."
            )
        reason = _why_not(item, night, seats)
        if reason:
            raise MakeupError(f"{item.label} can't go there: {reason}.")
        moves[item.fixture_id] = _place(item, night, seats)
    ordered = sorted(nights, key=lambda n: n.date)
    for item in pending:
        if item.fixture_id in moves:
            continue
        night = next((n for n in ordered if _why_not(item, n, seats) is None), None)
        if night is None:
            raise MakeupError(
                f"No makeup date has room for {item.label}: add a makeup date "
                "or shorten the season instead."
            )
        moves[item.fixture_id] = _place(item, night, seats)
    return [moves[item.fixture_id] for item in pending]
