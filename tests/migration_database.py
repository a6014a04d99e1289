"""A data migration's test on a database of its own, migrated forward to where it starts.

A migration test starts from an old state (league 0008, say), puts rows there, migrates on
and checks them. Going back to that state from the suite's fully migrated database makes
Django render every model state on the way down (about 13 s for league 0008) and the test
had to come all the way forward again afterwards (7 s more). On PostgreSQL each test gets a
new empty database instead, migrated forward from nothing (a few seconds), and dropped at
the end: the suite's database is never touched. On SQLite (a machine without PostgreSQL)
the test goes back in the suite's database and forward again at the end, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str]]) -> Any:
    """Migrate the test's database to `targets`; the apps (historical models) there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@contextmanager
def own_database() -> Iterator[None]:
    """The test's migrations run on a database of their own for the block (PostgreSQL), or
    the suite's is brought back to the latest migrations after it (SQLite)."""
    if connection.vendor != "postgresql":
        try:
            yield
        finally:
            migrate(_latest())
        return
    suite_database = connection.settings_dict["NAME"]
    scratch = connection.ops.quote_name(f"{suite_database}_migration")
    connection.close()
    with connection._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {scratch}")
        cursor.execute(f"CREATE DATABASE {scratch}")
    connection.settings_dict["NAME"] = f"{suite_database}_migration"
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["NAME"] = suite_database
        with connection._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {scratch}")
