"""A transactional test's flush on PostgreSQL deletes the rows instead of truncating.

Django empties every table after each transactional test (the browser tests, the races,
everything on a live server) with one `TRUNCATE` of all of them. PostgreSQL makes new files
for each truncated table and index: about 0.6 s for this schema's hundred tables, where
deleting the few rows a test wrote takes 30 ms. The foreign keys are all deferrable and
deferred, so the deletes run in any order inside the flush's transaction. A flush that
resets sequences or cascades (a test naming `available_apps`) keeps Django's own.
"""

from __future__ import annotations

from django.db.backends.postgresql.operations import DatabaseOperations

_truncating = DatabaseOperations.sql_flush


def _deleting(
    self: DatabaseOperations,
    style,
    tables: list[str],
    *,
    reset_sequences: bool = False,
    allow_cascade: bool = False,
) -> list[str]:
    if reset_sequences or allow_cascade:
        return _truncating(
            self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
        )
    return [f"DELETE FROM {self.quote_name(table)};" for table in tables]


def install() -> None:
    DatabaseOperations.sql_flush = _deleting
