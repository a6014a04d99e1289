"""The login throttle's counters, in the database (`ThrottleCounter`), one row per key.

The database, not the cache: sign-in needs the database anyway, so when it is up the
counts are there, and a cache outage neither opens the throttle (counts lost, guesses
unlimited) nor closes it for everyone. Each write is one statement that the database
applies atomically, so parallel guesses each get their own count:

- `increment` is an upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`, the same SQL on
  PostgreSQL and SQLite) that starts afresh when the count has lapsed and otherwise adds
  one; every attempt keeps the count for another `window` seconds, so a patient guesser
  is remembered until they stop for that long;
- `decrement` is a conditional UPDATE that never goes below zero;
- `block` sets the moment a key waits or is locked until (and, for a lock, lets the
  count lapse when it lifts; attempts meanwhile don't keep it longer).

Writes run in autocommit: a caller must not hold them in a transaction that may roll
back, or a refused guess would take its count with it. Rows whose count and refusal have
both lapsed are deleted now and then by `increment`.
"""

import itertools

from django.db import connection
from django.db.models import F

from accounts.models import ThrottleCounter

PURGE_EVERY = 500  # increments (per process) between two deletions of lapsed rows

_TABLE = ThrottleCounter._meta.db_table
_calls = itertools.count(1)


def _sql(statement: str) -> str:
    return statement.format(table=connection.ops.quote_name(_TABLE), key='"key"')


def increment(key: str, *, now: float, window: int) -> int:
    """Count one attempt for `key` and return its count since it last lapsed."""
    if next(_calls) % PURGE_EVERY == 0:
        purge(now=now)
    with connection.cursor() as cursor:
        cursor.execute(
            _sql(
                "INSERT INTO {table} ({key}, count, expires, until, kind) "
                "VALUES (%s, 1, %s, 0, '') "
                "ON CONFLICT ({key}) DO UPDATE SET "
                "count = CASE WHEN {table}.expires <= %s THEN 1 ELSE {table}.count + 1 END, "
                "expires = CASE WHEN {table}.expires > %s AND {table}.until > %s "
                "THEN {table}.expires ELSE excluded.expires END "
                "RETURNING count"
            ),
            [key, now + window, now, now, now],
        )
        return int(cursor.fetchone()[0])


def decrement(key: str, *, now: float) -> None:
    """Take one attempt back (a success, or a guess that never reached the password)."""
    ThrottleCounter.objects.filter(key=key, count__gt=0, expires__gt=now).update(
        count=F("count") - 1
    )


def block(key: str, *, until: float, kind: str, restart: bool) -> None:
    """Refuse `key` until `until`; with `restart` its count lapses then and starts afresh.

    The count itself stays until then: an attempt that was already past the check when
    the lock was set still finds the count at the limit and is refused (zeroing it here
    let such attempts start a new count and reach the password check)."""
    changes: dict[str, float | str] = {"until": until, "kind": kind}
    if restart:
        changes["expires"] = until
    ThrottleCounter.objects.filter(key=key).update(**changes)


def refusals(keys: list[str], *, now: float) -> dict[str, tuple[float, str]]:
    """The keys among `keys` refused at `now`: their moment of release and kind."""
    rows = ThrottleCounter.objects.filter(key__in=keys, until__gt=now)
    return {row.key: (row.until, row.kind) for row in rows}


def clear(keys: list[str]) -> None:
    ThrottleCounter.objects.filter(key__in=keys).delete()


def purge(*, now: float) -> int:
    """Delete the rows with nothing left to remember; returns how many went."""
    deleted, _ = ThrottleCounter.objects.filter(expires__lte=now, until__lte=now).delete()
    return deleted
