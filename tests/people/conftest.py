"""People's pages keep whole pages in each process's memory too: one test's must not show in
the next (the suite's own fixture empties the cache)."""

import pytest

from people.whole_pages import memo_clear


@pytest.fixture(autouse=True)
def _kept_pages_are_per_test():
    memo_clear()
    yield
    memo_clear()
