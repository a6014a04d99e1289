"""The room display: the round under way, its clock, its tables and a page of leaders.

Long lists take turns: each refresh of the display asks for the next `page`, and the
tables and the leaderboard each show that page of theirs (wrapping round), so a field of
any size is shown whole over a few refreshes and nothing is ever cut off. The pages asked
for go round a turn (the least common multiple of the two lists' pages) and start again.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from math import ceil, lcm

from django.core.cache import cache
from django.utils import timezone

from tournaments.models import Tournament
from tournaments.selectors.boards import (
    CACHE_SECONDS,
    board_key,
    flight_key,
    leaderboard_flight_kept,
)
from tournaments.selectors.progressive import LeaderRow, TableView, rounds_view

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
    pages = _pages(items, per_page)
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
    turn: int  # how many refreshes show the whole field once: pages 0 to turn - 1


@dataclass
class RoomData:
    """What the display shows between two changes of the event's results: the round under
    way, all its tables and the whole leaderboard; each refresh takes its page of them."""

    round_number: int | None
    round_status: str
    started_at: datetime.datetime | None
    tables: list[TableView]
    sitting_out: list
    leaders: list[LeaderRow]


def room_data(tournament: Tournament, flight: str = "") -> RoomData:
    """The display's data, built afresh: a fixed number of queries whatever the field;
    `flight` (one of the event's) keeps the leaders to that flight, placed within it."""
    number = tournament.current_round or None
    current = rounds_view(tournament, [number])[0] if number else None
    return RoomData(
        round_number=number,
        round_status=current.status if current else "",
        started_at=current.started_at if current else None,
        tables=current.tables if current else [],
        sitting_out=current.sitting_out if current else [],
        leaders=leaderboard_flight_kept(tournament, flight).rows,
    )


def _kept_data(tournament: Tournament, flight: str = "") -> RoomData:
    """The room's whole data, kept per results version (`board_key`) and flight."""
    key = f"{board_key('room', tournament)}:{flight_key(tournament, flight)}"
    data = cache.get(key)
    if data is None:
        data = room_data(tournament, flight)
        cache.set(key, data, timeout=CACHE_SECONDS)
    return data


def _pages(items: list, per_page: int) -> int:
    return max(1, ceil(len(items) / per_page))


def round_clock(tournament: Tournament, started_at: datetime.datetime | None) -> RoundClock | None:
    if started_at is None or tournament.status != Tournament.Status.RUNNING:
        return None
    rule_set = tournament.rule_set
    limit = tournament.round_minutes or (rule_set.time_limit_minutes if rule_set else None)
    return RoundClock(started_at=started_at, limit_minutes=limit, now=timezone.now())


def room_view(tournament: Tournament, page: int = 0, flight: str = "") -> RoomView:
    """A progressive event's display for refresh number `page`.

    While the event's results stay as they are, everything but the clock comes from the
    cache (`tournaments.selectors.boards`: keyed by the results version the caller read
    with the event): one cache read, no query; the page is cut from it. The clock is the
    server's time now. The view keeps each page rendered on top of this.
    """
    data = _kept_data(tournament, flight)
    turn = lcm(_pages(data.tables, TABLES_PER_PAGE), _pages(data.leaders, LEADERS_PER_PAGE))
    index = min(max(page, 0), PAGE_MAX) % turn
    return RoomView(
        round_number=data.round_number,
        round_status=data.round_status,
        clock=round_clock(tournament, data.started_at),
        tables=_page(data.tables, TABLES_PER_PAGE, index),
        sitting_out=data.sitting_out,
        leaders=_page(data.leaders, LEADERS_PER_PAGE, index),
        next_page=(index + 1) % turn,
        turn=turn,
    )
