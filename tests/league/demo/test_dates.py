"""The demo's calendar is worked out from the day of loading, whatever the day."""

import datetime

import pytest

from league.demo.dates import THURSDAY, THURSDAY_WEEKS, TONIGHT_WEEK, WEEK, DemoDates, term_name

DAYS = [datetime.date(2026, 11, 30) + datetime.timedelta(days=n) for n in range(0, 400, 37)]


@pytest.mark.parametrize("today", DAYS)
def test_tonight_is_week_nine_on_todays_weekday(today):
    dates = DemoDates(today)
    assert dates.first_night.weekday() == today.weekday()
    assert dates.first_night + (TONIGHT_WEEK - 1) * WEEK == today
    assert dates.blackout > today and dates.blackout.weekday() == today.weekday()
    assert dates.last_night > dates.blackout and dates.makeup > dates.last_night
    assert dates.published_weeks == (TONIGHT_WEEK - 2, TONIGHT_WEEK - 1)


@pytest.mark.parametrize("today", DAYS)
def test_the_thursday_season_is_over_and_its_playoffs_fit_two_weeks(today):
    dates = DemoDates(today)
    assert dates.thursday_start.weekday() == THURSDAY
    assert dates.thursday_start + (THURSDAY_WEEKS - 1) * WEEK < today
    first, *_, final = dates.playoff_dates
    assert first == today and (final - first).days < 14


def test_seasons_are_named_for_the_quarter_they_start_in():
    assert term_name(datetime.date(2026, 10, 5)) == "Fall 2026"
    assert term_name(datetime.date(2027, 1, 9)) == "Winter 2027"
    assert term_name(datetime.date(2027, 4, 30)) == "Spring 2027"
    assert term_name(datetime.date(2027, 9, 30)) == "Summer 2027"
