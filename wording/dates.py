"""Dates and times written one way, with no Django: "Tue 8 Dec", "Tue 8 Dec 2027", "7:33 PM".

The year is left out for a date in `this_year`, the year a reader is in. English names are
spelled here rather than by strftime, which follows the machine's locale.
"""

import datetime

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# The same styles as Django format strings, for config/formats and django-tables2 columns.
DAY_FORMAT = "D j M"
DAY_YEAR_FORMAT = "D j M Y"
CLOCK_FORMAT = "g:i A"


def day_text(day: datetime.date, *, this_year: int) -> str:
    """'Tue 8 Dec' in `this_year`, 'Tue 8 Dec 2027' in any other."""
    text = f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]}"
    return text if day.year == this_year else f"{text} {day.year}"


def clock_text(moment: datetime.time) -> str:
    """'7:33 PM', '12:05 AM': twelve hours, minutes always shown."""
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def when_text(moment: datetime.datetime, *, this_year: int) -> str:
    """'Tue 8 Dec, 7:33 PM': a day and a time of day."""
    return f"{day_text(moment.date(), this_year=this_year)}, {clock_text(moment.time())}"
