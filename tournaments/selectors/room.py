"""The room display: the round under way, its clock, its tables and a page of leaders.

Long lists take turns: each refresh of the display asks for the next `page`, and the
tables and the leaderboard each show that page of theirs (wrapping round), so a field of
any size is shown whole over a few refreshes and nothing is ever cut off.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from math import ceil

from django.utils import timezone

from tournaments.models import Tournament
from tournaments.selectors.progressive import (
    LeaderRow,
    TableView,
    progressive_leaderboard,
    rounds_view,
)

LEADERS_PER_PAGE = 10
TABLES_PER_PAGE = 12
PAGE_MAX = 10_000  # a page number typed in the address bar is taken modulo the pages


@dataclass(frozen=True)
class RoundClock:
    """What the room clock ticks from: the server gives the start, limit and its own time."""

    started_at: datetime.datetime
    limit_minutes: int | None  # None: no limit, the clock counts up
    now: datetime.datetime

    @property
    def ends_at(self) -> datetime.datetime | None:
        if self.limit_minutes is None:
            return None
        return self.started_at + datetime.timedelta(minutes=self.limit_minutes)

    @property
    def text(self) -> str:
        """What the clock reads now (static/js/round-clock.js ticks it on): the time left,
        "Time!" once it has run out, or the time played when there is no limit."""
        ends_at = self.ends_at
        if ends_at is None:
            seconds = max(0, int((self.now - self.started_at).total_seconds()))
        else:
            seconds = int((ends_at - self.now).total_seconds())
            if seconds <= 0:
                return "Time!"
        return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass
class Paged:
    items: list = field(default_factory=list)
    page: int = 1  # 1-based, for people
    pages: int = 1
    first_number: int = 1  # the number of the page's first item in the whole list


def _page(items: list, per_page: int, page: int) -> Paged:
    pages = max(1, ceil(len(items) / per_page))
    index = page % pages
    start = index * per_page
    return Paged(items[start : start + per_page], index + 1, pages, start + 1)


@dataclass
class RoomView:
    round_number: int | None
    round_status: str
    clock: RoundClock | None
    tables: Paged
    sitting_out: list
    leaders: Paged
    next_page: int


def _clock(tournament: Tournament, number: int) -> RoundClock | None:
    started = tournament.round_set.filter(number=number).values_list("started_at", flat=True)
    started_at = started.first()
    if started_at is None:
        return None
    rule_set = tournament.rule_set
    limit = tournament.round_minutes or (rule_set.time_limit_minutes if rule_set else None)
    return RoundClock(started_at=started_at, limit_minutes=limit, now=timezone.now())


def room_view(tournament: Tournament, page: int = 0) -> RoomView:
    """A progressive event's display for refresh number `page`; a fixed number of queries."""
    page = min(max(page, 0), PAGE_MAX)
    number = tournament.current_round or None
    running = tournament.status == Tournament.Status.RUNNING
    current = rounds_view(tournament, [number])[0] if number else None
    board = progressive_leaderboard(tournament)
    tables: list[TableView] = current.tables if current else []
    leaders: list[LeaderRow] = board.rows
    return RoomView(
        round_number=number,
        round_status=current.status if current else "",
        clock=_clock(tournament, number) if number and running else None,
        tables=_page(tables, TABLES_PER_PAGE, page),
        sitting_out=current.sitting_out if current else [],
        leaders=_page(leaders, LEADERS_PER_PAGE, page),
        next_page=(page + 1) % PAGE_MAX,
    )
