import datetime

import pytest

from wording.dates import clock_text, day_text, when_text


def test_a_day_this_year_reads_weekday_day_month():
    assert day_text(datetime.date(2026, 12, 8), this_year=2026) == "Tue 8 Dec"


def test_a_day_in_another_year_adds_the_year():
    assert day_text(datetime.date(2027, 1, 5), this_year=2026) == "Tue 5 Jan 2027"
    assert day_text(datetime.date(2025, 11, 30), this_year=2026) == "Sun 30 Nov 2025"


@pytest.mark.parametrize(
    ("moment", "text"),
    [
        (datetime.time(19, 33), "7:33 PM"),
        (datetime.time(7, 5), "7:05 AM"),
        (datetime.time(0, 0), "12:00 AM"),
        (datetime.time(12, 0), "12:00 PM"),
        (datetime.time(23, 59), "11:59 PM"),
    ],
)
def test_a_time_is_twelve_hours_with_minutes_and_am_or_pm(moment, text):
    assert clock_text(moment) == text


def test_a_moment_is_its_day_and_its_time():
    moment = datetime.datetime(2026, 12, 8, 19, 33)
    assert when_text(moment, this_year=2026) == "Tue 8 Dec, 7:33 PM"
