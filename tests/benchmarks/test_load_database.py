"""The load test's mark of a finished build: a database is reused only for the same build."""

import datetime

from benchmarks.load import SIZES
from benchmarks.load_database import build_mark

DAY = datetime.date(2026, 12, 2)


def test_the_same_build_on_the_same_day_leaves_the_same_mark():
    assert build_mark(SIZES["full"], DAY) == build_mark(dict(SIZES["full"]), DAY)


def test_another_size_or_another_day_is_built_again():
    full = build_mark(SIZES["full"], DAY)
    assert build_mark(SIZES["quick"], DAY) != full
    assert build_mark(SIZES["full"], DAY + datetime.timedelta(days=1)) != full
