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
from tournaments.selectors.boards import CACHE_SECONDS, board_key, leaderboard_kept
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

    @property
    def turn(self) -> int:
        """How many refreshes show the whole field once: pages from 0 to turn - 1."""
        return lcm(self.tables.pages, self.leaders.pages)


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


def room_data(tournament: Tournament) -> RoomData:
    """The display's data, built afresh: a fixed number of queries whatever the field."""
    number = tournament.current_round or None
    current = rounds_view(tournament, [number])[0] if number else None
    return RoomData(
        round_number=number,
        round_status=current.status if current else "",
        started_at=current.started_at if current else None,
        tables=current.tables if current else [],
        sitting_out=current.sitting_out if current else [],
        leaders=leaderboard_kept(tournament).rows,
    )


@dataclass
class _Shown:
    """One refresh of the display as kept in the cache, clock aside: the round and the
    page of tables and of leaders it shows. The displays of one turn round the field are
    kept each under its own key, so a screen's refresh is one read of the cache."""

    round_number: int | None
    round_status: str
    started_at: datetime.datetime | None
    tables: Paged
    sitting_out: list
    leaders: Paged
    next_page: int  # within the turn: a display asks for 0, 1, ... then 0 again


def _shown(tournament: Tournament, base: str, page: int) -> _Shown:
    """The display for refresh `page`, from the room's whole data (kept under `base`)."""
    data = cache.get(base)
    if data is None:
        data = room_data(tournament)
        cache.set(base, data, timeout=CACHE_SECONDS)
    turn = lcm(_pages(data.tables, TABLES_PER_PAGE), _pages(data.leaders, LEADERS_PER_PAGE))
    index = page % turn
    shown = _Shown(
        data.round_number,
        data.round_status,
        data.started_at,
        _page(data.tables, TABLES_PER_PAGE, index),
        data.sitting_out,
        _page(data.leaders, LEADERS_PER_PAGE, index),
        (index + 1) % turn,
    )
    if index == page:  # kept only under the turn's own numbers, whatever a URL says
        cache.set(f"{base}:{page}", shown, timeout=CACHE_SECONDS)
    return shown


def _pages(items: list, per_page: int) -> int:
    return max(1, ceil(len(items) / per_page))


def round_clock(tournament: Tournament, started_at: datetime.datetime | None) -> RoundClock | None:
    if started_at is None or tournament.status != Tournament.Status.RUNNING:
        return None
    rule_set = tournament.rule_set
    limit = tournament.round_minutes or (rule_set.time_limit_minutes if rule_set else None)
    return RoundClock(started_at=started_at, limit_minutes=limit, now=timezone.now())


def room_view(tournament: Tournament, page: int = 0) -> RoomView:
    """A progressive event's display for refresh number `page`.

    While the event's results stay as they are, everything but the clock comes from the
    cache (`tournaments.selectors.boards`: keyed by the results version the caller read
    with the event): one cache read, no query. The clock is the server's time now.
    """
    page = min(max(page, 0), PAGE_MAX)
    base = board_key("room", tournament)
    shown = cache.get(f"{base}:{page}") or _shown(tournament, base, page)
    return RoomView(
        round_number=shown.round_number,
        round_status=shown.round_status,
        clock=round_clock(tournament, shown.started_at),
        tables=shown.tables,
        sitting_out=shown.sitting_out,
        leaders=shown.leaders,
        next_page=shown.next_page,
    )
