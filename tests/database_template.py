"""One migrated PostgreSQL database for a run split across processes, copied for each.

Every pytest-xdist process used to run all the migrations into its own test database at
once, on a two-core machine. Now the first process to get here migrates a template
database; every process (that one too) then takes a copy of it (`CREATE DATABASE … WITH
TEMPLATE`, a file copy), so each gets exactly the database the migrations made, seeded
rows, content types and permissions included, for a fraction of the time.
"""

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connections

TEMPLATE_SUFFIX = "_template"


def _unsplit_test_name(alias: str = "default") -> str:
    """The test database's name before pytest-django adds the process's _gwN."""
    database = settings.DATABASES[alias]
    name = database.get("TEST", {}).get("NAME") or "test_" + database["NAME"]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker and name.endswith("_" + worker):
        name = name[: -len(worker) - 1]
    return name


def template_name(alias: str = "default") -> str:
    return _unsplit_test_name(alias) + TEMPLATE_SUFFIX


@contextmanager
def _run_lock(run_id: str) -> Iterator[Path]:
    """One process at a time, across this run's processes; yields the run's folder."""
    folder = Path(tempfile.gettempdir()) / f"test-db-template-{run_id}"
    folder.mkdir(exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield folder
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _drop_and_copy(alias: str, source: str, target: str) -> None:
    connection = connections[alias]
    quote = connection.ops.quote_name
    with connection._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quote(target)}")
        cursor.execute(f"CREATE DATABASE {quote(target)} WITH TEMPLATE {quote(source)}")


def setup_from_template(run_id: str, alias: str = "default") -> str:
    """The process's test database, copied from the run's template (migrated here if it is
    the first); returns the server's own database's name, for the teardown."""
    connection = connections[alias]
    original_name = connection.settings_dict["NAME"]
    test_name = connection.creation._get_test_db_name()
    template = template_name(alias)
    with _run_lock(run_id) as folder:
        done = folder / "migrated"
        if not done.exists():
            connection.settings_dict["TEST"]["NAME"] = template
            connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
            connection.close()
            # Back on the server's own database: a template must have no connection.
            connection.settings_dict["NAME"] = original_name
            settings.DATABASES[alias]["NAME"] = original_name
            connection.settings_dict["TEST"]["NAME"] = test_name
            done.touch()
        _drop_and_copy(alias, template, test_name)
    settings.DATABASES[alias]["NAME"] = test_name
    connection.settings_dict["NAME"] = test_name
    connection.ensure_connection()
    return original_name


def teardown_copy(run_id: str, original_name: str, workers: int, alias: str = "default") -> None:
    """Drops the process's copy; the last process of the run to finish drops the template."""
    connection = connections[alias]
    connection.creation.destroy_test_db(original_name, verbosity=0)
    with _run_lock(run_id) as folder:
        (folder / f"finished-{os.environ.get('PYTEST_XDIST_WORKER', '')}").touch()
        if len(list(folder.glob("finished-*"))) < workers:
            return
        quote = connection.ops.quote_name
        with connection._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {quote(template_name(alias))}")
