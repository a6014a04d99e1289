"""Versions of a season's schedule and results, so pages can cache what they build from them.

A page that caches something built from a season's schedule (its calendars, the schedule
CSV) or results (live standings) puts `season_versions(season)` in the cache key, read
*before* the data it builds from. Every service that changes them calls `season_changed`,
which moves the season's counter on (`SeasonVersion`) once its transaction has committed;
the next request reads the new counter, misses the cache and builds afresh. Old entries
are never read again and expire.

Why after the commit rather than inside the transaction: a counter row updated inside
every card confirmation would be locked until that transaction ends, so a season's
confirmations would queue behind each other and could deadlock against fixture and card
locks taken in another order. Moved after the commit, the counter is never locked for
longer than its own statement, and it is still never behind the data: a request reads
the counter first, so whatever it then builds includes every change counted by it.
The one gap, a process stopping between a commit and its bump, lasts until the next
change of the season or the cached entry's expiry (`CACHE_SECONDS` at the callers).

The key also carries the last save of the season's fixtures, a net for a fixture saved by
a path that doesn't call `season_changed` (a future service): a save changes `updated_at`,
even one naming its fields (`Fixture.save` adds it).
The admin's edits call it (`league.seasons.admin.ChangesSeasons`).
"""

import datetime
import functools
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.db.models import F, OuterRef, QuerySet, Subquery
from django.dispatch import Signal
from django.http import Http404
from django.utils import timezone

from league.seasons.models import Fixture, League, Season, SeasonVersion, Venue
from queries.compiled import CompiledQuery

# Sent once a change of a season's results has committed, with `season_id` (the race of
# `league.standings` listens: clinch and elimination follow the results).
results_changed = Signal()


@dataclass(frozen=True)
class Version:
    key: str  # for cache keys and ETags: changes whenever the data may have changed
    changed_at: datetime.datetime | None  # the last change known, for Last-Modified


@dataclass(frozen=True)
class SeasonVersions:
    schedule: Version
    results: Version  # the schedule's version is part of it: results sit on fixtures


# Read with the counters: the last save of the season's fixtures (an index makes it cheap).
_LAST_SAVED = Subquery(
    Fixture.objects.filter(season_id=OuterRef("pk"))
    .order_by("-updated_at")
    .values("updated_at")[:1]
)
# The columns a season's versions are made from, as annotations on a query of seasons (in
# this order; `versions_from` reads them by these names).
COUNTERS = {
    "schedule_count": F("version__schedule"),
    "schedule_at": F("version__schedule_changed_at"),
    "results_count": F("version__results"),
    "results_at": F("version__results_changed_at"),
    "fixtures_saved": _LAST_SAVED,
}


def season_versions(season: Season) -> SeasonVersions:
    """The season's schedule and results versions: one query."""
    row = Season.objects.filter(pk=season.pk).order_by().values(**COUNTERS).first() or {}
    return versions_from(row)


def season_with_versions(league_slug: str, season_slug: str) -> tuple[Season, SeasonVersions]:
    """The season (with its league) and its versions in one query, or a 404."""
    rows = _SEASON.rows(league_slug, season_slug)
    if not rows:
        raise Http404("No such season.")
    row = rows[0]
    seasons, leagues = _columns()
    season = Season.from_db(connection.alias, seasons, row[: len(seasons)])
    season.league = League.from_db(connection.alias, leagues, row[len(seasons) : -len(COUNTERS)])
    return season, versions_from(dict(zip(COUNTERS, row[-len(COUNTERS) :], strict=True)))


@functools.cache
def _columns() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every column of a season, and of its league."""
    return tuple(f.attname for f in Season._meta.concrete_fields), tuple(
        f.attname for f in League._meta.concrete_fields
    )


def _season_query(league_slug: str, season_slug: str) -> QuerySet:
    seasons, leagues = _columns()
    return (
        Season.objects.filter(league__slug=league_slug, slug=season_slug)
        .order_by()
        .values_list(*seasons, *(f"league__{name}" for name in leagues), *COUNTERS.values())
    )


# Building the query took several times as long as running it, on every page.
_SEASON = CompiledQuery(_season_query, "\x00league\x00", "\x00season\x00")


def versions_from(row: dict) -> SeasonVersions:
    """The versions from a row holding `COUNTERS` by their names."""
    saved = row.get("fixtures_saved")
    schedule = Version(
        f"{row.get('schedule_count') or 0}.{saved.timestamp() if saved else 0}",
        _latest(saved, row.get("schedule_at")),
    )
    results = Version(
        f"{row.get('results_count') or 0}.{schedule.key}",
        _latest(schedule.changed_at, row.get("results_at")),
    )
    return SeasonVersions(schedule, results)


def _latest(*moments: datetime.datetime | None) -> datetime.datetime | None:
    known = [moment for moment in moments if moment is not None]
    return max(known) if known else None


def season_changed(season: Season | int, *, schedule: bool = False, results: bool = False) -> None:
    """Count a change of the season's schedule and/or results, once the transaction commits.

    Call it from the service that makes the change, inside its transaction: a change
    rolled back is never counted.
    """
    season_id = season if isinstance(season, int) else season.pk
    if season_id is None or not (schedule or results):
        return
    transaction.on_commit(lambda: _bump(season_id, schedule=schedule, results=results), robust=True)
    if results:
        transaction.on_commit(
            lambda: results_changed.send(sender=Season, season_id=season_id), robust=True
        )


def venue_changed(venue: Venue) -> None:
    """A venue's or its tables' names show on the schedules of every season using it."""
    for season_id in venue.seasons.values_list("pk", flat=True):
        season_changed(season_id, schedule=True)


def _bump(season_id: int, *, schedule: bool, results: bool) -> None:
    now = timezone.now()
    changes: dict = {}
    if schedule:
        changes.update(schedule=F("schedule") + 1, schedule_changed_at=now)
    if results:
        changes.update(results=F("results") + 1, results_changed_at=now)
    if SeasonVersion.objects.filter(season_id=season_id).update(**changes):
        return
    try:
        with transaction.atomic():
            SeasonVersion.objects.create(
                season_id=season_id,
                schedule=int(schedule),
                schedule_changed_at=now if schedule else None,
                results=int(results),
                results_changed_at=now if results else None,
            )
    except IntegrityError:  # created by another process at the same moment (or no season)
        SeasonVersion.objects.filter(season_id=season_id).update(**changes)
