"""The demo, loaded once for the package (it takes a while); each test runs in a savepoint."""

from collections.abc import Iterator

import pytest

from tests.league.demo.loading import demo_loaded


@pytest.fixture(scope="package")
def demo_today(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The demo as `make demo` loads it today; what it printed."""
    with demo_loaded(django_db_blocker) as out:
        yield out
