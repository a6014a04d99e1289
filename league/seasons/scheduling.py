"""Season schedule generation: round robin per skill level, weekly dates, table rotation.

Pure functions over plain values (no ORM): the service layer turns the returned
``ScheduledFixture`` rows into model instances.

How a schedule is built
-----------------------
* **Pairings** use the Berger/circle method in its modular form. Within a level of
  ``N`` teams, pad to an even ``M`` with a phantom team when ``N`` is odd (meeting
  the phantom is a bye). With ``n = M - 1`` and one fixed team ``inf``, round ``r``
  pairs ``{inf, r}`` and ``{r + k, r - k} (mod n)`` for ``k = 1 .. M/2 - 1``. Every
  pair meets exactly once in ``n`` rounds; a *cycle* is those ``n`` rounds.
* **Home/away** (de Werra's canonical rule): ``r + k`` is at home when ``k`` is even,
  ``inf`` is at home in even rounds. Seen from a team ``x``, it is at home exactly
  when ``u = (x - r) mod n`` is even, so its games alternate home/away except once
  per cycle: every prefix of a cycle is balanced within one game, which is what a
  season shorter than a cycle needs. Later cycles repeat the rounds with home and
  away swapped, so two cycles are exactly balanced.
* **Byes**: the phantom is the fixed team, so each team has exactly one bye per
  full cycle (at most one in a partial cycle), and a bye never breaks the
  home/away alternation.
* **Dates**: week ``i`` is the ``i``-th weekly date from ``start`` that is not a
  blackout date (a blacked-out night pushes the rest of the season back a week).
* **Tables**: all levels play the same night and share the tables; a table holds
  one fixture a night. Each week tables are handed out greedily: from a rotating
  offset, a fixture takes the first free table that each of its teams has used at
  most ``floor(played / tables)`` times (its fair share so far) and that neither
  team sat at the week before. If none is free, augmenting-path searches reshuffle
  the night, relaxing one step at a time (one use over the fair share *or* a repeat
  of last week's table, then both); only then is the least-used free table taken.
  The two single relaxations rank alike: preferring an over-fair use to a repeat
  lets over-fair uses pile up on nights where every table is taken (six teams at
  three tables), and over a long season a team drifts past its share plus one.
  The tests check that no team uses one table more than ``ceil(weeks / tables) + 1``
  times; a team repeats last week's table only when the night has no fair seating
  without a repeat (four teams at two tables, say).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from algorithms.round_robin import round_robin_round
from wording.words import plural

type TeamId = Hashable
type TableId = Hashable

WEEK = timedelta(days=7)


@dataclass(frozen=True, slots=True)
class ScheduledFixture:
    """A weekly meeting of two teams, or a team's bye (``away``/``table`` None, no games)."""

    week: int  # 1-based week of the season
    date: dt.date  # (module alias: the field name shadows the type inside the class)
    level: str
    home: TeamId
    away: TeamId | None
    table: TableId | None
    is_bye: bool
    games: int


def schedule_dates(start: date, weeks: int, blackout_dates: Collection[date] = ()) -> list[date]:
    """The ``weeks`` league nights: weekly from ``start`` (same weekday), skipping blackouts."""
    if weeks < 0:
        raise ValueError("weeks must be zero or more")
    blackout = set(blackout_dates)
    nights: list[date] = []
    night = start
    while len(nights) < weeks:
        if night not in blackout:
            nights.append(night)
        if len(nights) < weeks:
            try:
                night += WEEK
            except OverflowError:
                raise ValueError("the season would run past the year 9999") from None
    return nights


def generate_schedule(
    teams_by_level: Mapping[str, Sequence[TeamId]],
    weeks: int,
    start: date,
    blackout_dates: Collection[date] = (),
    tables: Sequence[TableId] = (),
    games_per_fixture: int = 3,
) -> list[ScheduledFixture]:
    """A ``weeks``-long season: round robin within each level, one night a week.

    The league night is ``start``'s weekday. Ordered by week, then level (in the
    mapping's order), then table order; a level's bye comes after its games.
    Raises ``ValueError`` for duplicate teams or tables, a team in two levels,
    or more fixtures on a night than there are tables.
    """
    if games_per_fixture < 1:
        raise ValueError("games_per_fixture must be at least 1")
    _check_unique(tables, "table")
    seen: set[TeamId] = set()
    for level, teams in teams_by_level.items():
        _check_unique(teams, f"team in level {level!r}")
        clash = seen.intersection(teams)
        if clash:
            raise ValueError(f"team(s) {sorted(map(str, clash))} appear in more than one level")
        seen.update(teams)
    needed = sum(len(teams) // 2 for teams in teams_by_level.values())
    if needed > len(tables):
        raise ValueError(
            f"each night needs {plural(needed, 'table')} (one per fixture across all levels) "
            f"but only {len(tables)} {'is' if len(tables) == 1 else 'are'} available; add "
            "tables or split the night"
        )

    nights = schedule_dates(start, weeks, blackout_dates)
    level_order = {level: i for i, level in enumerate(teams_by_level)}
    assigner = _TableAssigner(len(tables))
    fixtures: list[ScheduledFixture] = []
    for week_index, night in enumerate(nights):
        games: list[tuple[str, TeamId, TeamId]] = []
        byes: list[tuple[str, TeamId]] = []
        for level, teams in teams_by_level.items():
            size = len(teams)
            if size == 0:
                continue
            cycle_length = size - 1 + size % 2
            cycle, rnd = divmod(week_index, cycle_length)
            for home, away in round_robin_round(size, rnd):
                if away is None:
                    byes.append((level, teams[home]))
                elif cycle % 2:  # odd cycles swap home and away
                    games.append((level, teams[away], teams[home]))
                else:
                    games.append((level, teams[home], teams[away]))
        table_indexes = assigner.assign(week_index, [(h, a) for _, h, a in games])
        week_number = week_index + 1
        rows = [
            (
                level_order[level],
                t,
                ScheduledFixture(
                    week_number, night, level, home, away, tables[t], False, games_per_fixture
                ),
            )
            for (level, home, away), t in zip(games, table_indexes, strict=True)
        ]
        rows.extend(
            (
                level_order[level],
                len(tables),
                ScheduledFixture(week_number, night, level, team, None, None, True, 0),
            )
            for level, team in byes
        )
        rows.sort(key=lambda row: row[:2])
        fixtures.extend(row[2] for row in rows)
    return fixtures


def _check_unique(items: Sequence[Hashable], what: str) -> None:
    if len(set(items)) != len(items):
        raise ValueError(f"duplicate {what} in {list(items)!r}")


class _TableAssigner:
    """Hands out table indexes night by night, spreading each team over all tables.

    A fixture's choice of table has a tier, lower is better: 0 fair use and no
    repeat of last week's table, 1 one use over fair or a repeat (not both),
    2 one over fair and a repeat, 3 anything. "Fair" means the team has used the table
    at most ``floor(played / tables)`` times, so fair choices alone keep every
    count within ``ceil(weeks / tables)``. Each team touches at most ``weeks``
    tables, so the tables *above* a tier are a small set and every search below
    skips over them instead of scoring every table.
    """

    def __init__(self, n_tables: int) -> None:
        self.n_tables = n_tables
        self.usage: dict[TeamId, dict[int, int]] = {}
        self.played: dict[TeamId, int] = {}
        self.last: dict[TeamId, int] = {}
        # per team: tables used more than fairly -> by how many uses (kept incrementally)
        self.over: dict[TeamId, dict[int, int]] = {}

    def assign(self, week: int, pairs: Sequence[tuple[TeamId, TeamId]]) -> list[int]:
        count, n_tables = len(pairs), self.n_tables
        holder = [-1] * n_tables  # fixture index seated at each table tonight
        chosen = [-1] * count
        skip = list(range(n_tables + 1))  # union-find "next possibly free table"
        empty: dict[int, int] = {}
        over, last = self.over, self.last

        def next_free(table: int) -> int:
            root = table
            while skip[root] != root:
                root = skip[root]
            while skip[table] != root:  # path compression
                skip[table], table = root, skip[table]
            return root

        def seat(i: int, table: int) -> None:
            holder[table], chosen[i] = i, table
            skip[table] = table + 1

        # The rotating offset moves each night by the night's fixture count, so with
        # twice as many tables as fixtures consecutive nights use disjoint tables.
        base = (week * count) % n_tables if n_tables else 0
        for i, (x, y) in enumerate(pairs):  # fast path: first free tier-0 table
            over_x, over_y = over.get(x, empty), over.get(y, empty)
            last_x, last_y = last.get(x, -1), last.get(y, -1)
            start = (base + i) % n_tables
            for low, high in ((start, n_tables), (0, start)):
                table = next_free(low)
                while table < high and (
                    table in over_x or table in over_y or table in (last_x, last_y)
                ):
                    table = next_free(table + 1)
                if table < high:
                    seat(i, table)
                    break
        if -1 not in chosen:
            self._record_night(pairs, chosen)
            return chosen
        cache: dict[int, tuple[dict[int, int], set[int]]] = {}

        def banned(i: int, tier: int) -> set[int]:
            # Only fixtures an augmenting path touches need their merged usage.
            if i not in cache:
                cache[i] = (self._overs(pairs[i]), {last.get(team, -1) for team in pairs[i]})
            return self._above(*cache[i], tier)

        for tier in range(3):  # slow path: reshuffle the night along augmenting paths
            for i in range(count):
                if chosen[i] == -1:
                    table = self._augment(i, tier, banned, holder, chosen)
                    if table is not None:
                        skip[table] = table + 1
        for i in range(count):  # last resort: the least-used free table
            if chosen[i] == -1:
                overs = self._overs(pairs[i])
                free = [t for t in range(n_tables) if holder[t] == -1]
                table = min(free, key=lambda t, overs=overs: overs.get(t, 0))
                seat(i, table)
        self._record_night(pairs, chosen)
        return chosen

    def _record_night(self, pairs: Sequence[tuple[TeamId, TeamId]], chosen: list[int]) -> None:
        for pair, table in zip(pairs, chosen, strict=True):
            for team in pair:
                self._record(team, table)

    def _record(self, team: TeamId, table: int) -> None:
        use = self.usage.setdefault(team, {})
        used = use[table] = use.get(table, 0) + 1
        played = self.played[team] = self.played.get(team, 0) + 1
        self.last[team] = table
        fair = played // self.n_tables
        if played % self.n_tables == 0:  # the fair share just went up: rebuild
            self.over[team] = {t: u - fair for t, u in use.items() if u > fair}
        elif used > fair:
            self.over.setdefault(team, {})[table] = used - fair

    def _overs(self, pair: tuple[TeamId, TeamId]) -> dict[int, int]:
        """Tables the pair has used more than fairly, by how many uses (1 or more)."""
        merged = dict(self.over.get(pair[0], {}))
        for table, over in self.over.get(pair[1], {}).items():
            merged[table] = max(merged.get(table, 0), over)
        return merged

    @staticmethod
    def _above(overs: dict[int, int], lasts: set[int], tier: int) -> set[int]:
        """Tables whose tier for this fixture is worse than ``tier``."""
        if tier == 0:
            return set(overs) | lasts
        if tier == 1:  # one over fair, or a repeat of a fairly used table
            return {t for t, over in overs.items() if over > 1 or t in lasts}
        return {t for t, over in overs.items() if over > 1}

    def _augment(
        self,
        start: int,
        tier: int,
        banned: Callable[[int, int], set[int]],
        holder: list[int],
        chosen: list[int],
    ) -> int | None:
        """Seat fixture ``start`` at a table of at most ``tier``, moving seated fixtures
        to other such tables along a breadth-first augmenting path (Kuhn). Returns the
        table that went from free to taken, or None."""
        came_from: dict[int, int] = {}  # table -> fixture that wants it
        unvisited = set(range(self.n_tables))
        queue = [start]
        for fixture in queue:
            reachable = sorted(unvisited - banned(fixture, tier))
            unvisited.difference_update(reachable)
            for table in reachable:
                came_from[table] = fixture
                if holder[table] == -1:
                    freed = table
                    while True:  # walk back, shifting each fixture one table along
                        mover = came_from[table]
                        previous = chosen[mover]
                        holder[table], chosen[mover] = mover, table
                        if mover == start:
                            return freed
                        table = previous
                queue.append(holder[table])
        return None
