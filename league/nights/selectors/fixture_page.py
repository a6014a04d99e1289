"""The fixture page's read for everyone who only looks: kept in the cache per stamp.

On a league night every player and supporter reloads the fixture page while the captains
enter cards; reading the fixture, its season, table, games and forfeits takes four or five
queries, each a round trip to the database. `fixture_result_kept` reads a **stamp** in one
query instead and keeps the result under it, so between two changes a look costs that one
query and a cache read. The captains and managers who act on the page read it fresh.

The stamp is read *before* the result it keys, so a result can only ever be kept under an
older stamp than its data, never the reverse. It moves with everything the page shows:

- the fixture's own columns (teams, date, time, week, table, level, status, games);
- its games' cards: the last save of any of them (every scoring step saves the card);
- its games themselves (a new one has a new id) and its forfeits (the last recorded or
  overturned) and its closure (booked games follow forfeits and closures);
- the names of teams, venues, tables and levels and the season's settings, through the
  season's schedule version (`league.seasons.versions`, moved on by every service that
  renames them), and whether the schedule is published.

A change none of these sees (a rule set edited in place) shows within `CACHE_SECONDS`.
The line-ups the page shows are kept with the result, under the same stamp (recording a
line-up saves the fixture, which moves `updated_at`): one cache read for both.
"""

from __future__ import annotations

import functools
import hashlib

from django.core.cache import cache
from django.db import connection
from django.db.models import F, OuterRef, Subquery
from django.db.models.functions import Coalesce

from league.nights.models import FixtureGame, Forfeit
from league.nights.selectors.lineups import fixture_lineups
from league.nights.selectors.results import FixtureResult, fixture_result
from league.seasons.models import Fixture
from scoring.models import Scorecard

CACHE_SECONDS = 5 * 60


def _last(rows, field):  # type: ignore[no-untyped-def]
    return Subquery(rows.filter(fixture=OuterRef("pk")).order_by(f"-{field}").values(field)[:1])


def _stamp_query(fixture_id: int):  # type: ignore[no-untyped-def]
    cards = Scorecard.objects.filter(game__fixture_game__fixture=OuterRef("pk"))
    forfeits = Forfeit.objects.annotate(moved=Coalesce("overturned_at", "recorded_at"))
    return (
        Fixture.objects.filter(pk=fixture_id)
        .order_by()
        .values_list(
            "season_id",
            "home_id",
            "away_id",
            "date",
            "start_time",
            "week",
            "stage",
            "status",
            "table_id",
            "skill_level_id",
            "games",
            "updated_at",
            "closure__id",
            F("season__schedule_state"),
            F("season__version__schedule"),
            Subquery(cards.order_by("-updated_at").values("updated_at")[:1]),
            _last(FixtureGame.objects, "pk"),
            _last(forfeits, "moved"),
        )[:1]
    )


_SENTINEL = -7_340_033  # stands for the fixture's id in the SQL built once


@functools.cache
def _stamp_sql(vendor: str) -> tuple[str, tuple]:
    """The stamp's SQL, built by the ORM once per process (for the database in use):
    building it took three times as long as running it, on every look."""
    sql, params = _stamp_query(_SENTINEL).query.sql_with_params()
    return sql, tuple(params)


def fixture_stamp(fixture_id: int) -> tuple | None:
    """What the page shows moves this: one query (None for a fixture that doesn't exist).
    Raw column values, for comparing only."""
    sql, params = _stamp_sql(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [fixture_id if p == _SENTINEL else p for p in params])
        row = cursor.fetchone()
    return tuple(row) if row is not None else None


def fixture_result_kept(fixture_id: int) -> FixtureResult | None:
    """`fixture_result` with its line-ups, from the cache while the fixture's stamp stays
    the same."""
    stamp = fixture_stamp(fixture_id)
    if stamp is None:
        return None
    digest = hashlib.blake2b(repr(stamp).encode(), digest_size=12).hexdigest()
    key = f"league:fixture-page:{fixture_id}:{digest}"
    result = cache.get(key)
    if result is None:
        result = fixture_result(fixture_id)
        if result is not None:
            result.lineups = fixture_lineups(result.fixture)
            cache.set(key, result, timeout=CACHE_SECONDS)
    return result
