import datetime
import zoneinfo

from django.template import Context, Template
from django.utils import formats, timezone

from wording import when

TODAY = datetime.date(2026, 11, 30)
UTC = datetime.UTC


def test_an_aware_moment_is_shown_in_the_leagues_time_zone(settings):
    settings.TIME_ZONE = "America/New_York"
    late = datetime.datetime(2026, 12, 9, 2, 15, tzinfo=UTC)  # 9:15 PM on the 8th in New York
    assert when.when(late, today=TODAY) == "Tue 8 Dec, 9:15 PM"
    assert when.day(late, today=TODAY) == "Tue 8 Dec"
    assert when.clock(late) == "9:15 PM"


def test_a_date_a_time_or_nothing_is_written_as_it_is():
    assert when.day(datetime.date(2027, 2, 1), today=TODAY) == "Mon 1 Feb 2027"
    assert when.when(datetime.date(2026, 12, 8), today=TODAY) == "Tue 8 Dec"
    assert when.clock(datetime.time(18, 30)) == "6:30 PM"
    assert when.day(None) == when.clock(None) == when.when(None) == ""


def test_the_filters_are_built_into_every_template(settings):
    settings.TIME_ZONE = "America/New_York"
    this_year = timezone.localdate().year
    moment = datetime.datetime(this_year, 3, 3, 23, 5, tzinfo=zoneinfo.ZoneInfo("America/New_York"))
    text = Template("{{ d|day }} / {{ t|clock }} / {{ m|when }} / {{ none|day }}").render(
        Context({"d": moment.date(), "t": moment.time(), "m": moment, "none": None})
    )
    weekday = f"{moment:%a}"
    assert text == f"{weekday} 3 Mar / 11:05 PM / {weekday} 3 Mar, 11:05 PM / "


def test_djangos_own_formats_follow_the_same_style():
    day = datetime.date(2026, 12, 8)
    assert formats.date_format(day) == "Tue 8 Dec 2026"
    assert formats.date_format(day, "SHORT_DATE_FORMAT") == "Tue 8 Dec 2026"
    assert formats.time_format(datetime.time(19, 33)) == "7:33 PM"
    assert Template("{{ d }}").render(Context({"d": day})) == "Tue 8 Dec 2026"
