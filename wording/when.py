"""Dates and times in the league's time zone (settings.TIME_ZONE), written one way.

`day`, `clock` and `when` take a date, a time or a datetime (an aware datetime is shown in
the current time zone) and return "" for None, so templates and messages can pass what
they hold. See `wording.dates` for the style.
"""

import datetime

from django.utils import timezone

from wording.dates import clock_text, day_text, when_text

Value = datetime.date | datetime.datetime | datetime.time | None


def local(moment: datetime.datetime) -> datetime.datetime:
    """An aware datetime in the league's time zone; a naive one as it is."""
    return timezone.localtime(moment) if timezone.is_aware(moment) else moment


def _this_year(today: datetime.date | None) -> int:
    return (today or timezone.localdate()).year


def day(value: Value, *, today: datetime.date | None = None) -> str:
    """'Tue 8 Dec' (this year) or 'Tue 8 Dec 2027'; a datetime's local day."""
    if value is None or isinstance(value, datetime.time):
        return ""
    if isinstance(value, datetime.datetime):
        value = local(value).date()
    return day_text(value, this_year=_this_year(today))


def clock(value: Value) -> str:
    """'7:33 PM': a time, or a datetime's local time of day."""
    if isinstance(value, datetime.datetime):
        return clock_text(local(value).time())
    if isinstance(value, datetime.time):
        return clock_text(value)
    return ""


def when(value: Value, *, today: datetime.date | None = None) -> str:
    """'Tue 8 Dec, 7:33 PM' for a datetime; a plain date is its day, a time its clock."""
    if isinstance(value, datetime.datetime):
        return when_text(local(value), this_year=_this_year(today))
    if isinstance(value, datetime.time):
        return clock(value)
    return day(value, today=today)
