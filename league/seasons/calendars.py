"""The schedule's iCalendar files (.ics), written directly: the league's one .ics writer.

A season's calendar holds every game of the season (a 500-team season has about 5,000
events and 1.5 MB of text), so the events are written as text here instead of through the
icalendar library's objects, whose per-property encoding and line folding took a second
and more per file. icalendar still builds the one VTIMEZONE. What comes out is the same
calendar: CRLF line ends, lines folded at 75 octets without splitting a character, text
values escaped (backslash, semicolon, comma, line breaks) and other control characters
dropped.

Times are local to the configured TIME_ZONE and the calendar carries its VTIMEZONE, so a
client without that zone in its own database still places each night right. Each event's
UID is the fixture's id at the site's host (SITE_URL's, else the request's), so a
reschedule or a cancellation updates the event a subscriber already has instead of adding
another.
"""

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from icalendar import Timezone

from inputs.bounds import later
from league.seasons import selectors
from league.seasons.models import Fixture, Season, Team

EVENT_LENGTH = datetime.timedelta(hours=2)
# The VTIMEZONE spells out the zone's changes for the fixtures' years (at most this many,
# and never so near the year 9999 that the last change can't be written).
ZONE_YEARS = 30
ZONE_LAST_YEAR = 9990
PRODID = "-//Euchre League//Schedule//EN"
LINE_OCTETS = 75
# Control characters (a calendar's text may hold none but tab) and lone surrogate halves
# (no UTF-8 for them): the services refuse both, but a row an administrator wrote may not.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class CalendarEvent:
    uid: str
    start: datetime.datetime  # local wall time (the calendar's zone)
    end: datetime.datetime
    summary: str
    description: str
    location: str = ""
    cancelled: bool = False


def fixture_uid(fixture: Fixture, host: str) -> str:
    """The event's identity: the fixture's id, whatever its date, time or table become."""
    return f"fixture-{fixture.pk}@{host}"


def season_calendar(season: Season, host: str) -> bytes:
    fixtures = selectors.fixtures_for_season_calendar(season)
    return _calendar(str(season), season, fixtures, host)


def team_calendar(team: Team, host: str) -> bytes:
    fixtures = selectors.fixtures_for_team(team).filter(away__isnull=False)
    return _calendar(f"{team.name} · {team.season.name}", team.season, fixtures, host)


# What an event shows of its fixture, read as plain values: no model per row.
_FIELDS = (
    "pk",
    "date",
    "start_time",
    "week",
    "status",
    "home__name",
    "away__name",
    "table__name",
    "table__venue__name",
)


def _calendar(name: str, season: Season, fixtures: QuerySet[Fixture], host: str) -> bytes:
    zone = timezone.get_default_timezone()
    statuses = dict(Fixture.Status.choices)
    about = str(season)
    rows = list(fixtures.order_by("date", "week", "pk").values_list(*_FIELDS))
    events = []
    for pk, date, start_time, week, status, home, away, table, venue in rows:
        start = datetime.datetime.combine(date, start_time or season.start_time, tzinfo=zone)
        events.append(
            CalendarEvent(
                uid=f"fixture-{pk}@{host}",  # as fixture_uid
                start=start,
                end=later(start, EVENT_LENGTH),  # a far stored date must not break it
                summary=f"{home} v {away} (week {week})",
                description=f"{about} · {statuses.get(status, status)}",
                location=f"{venue}, {table}" if table is not None else "",
                cancelled=status == Fixture.Status.CANCELLED,
            )
        )
    return calendar_text(
        name=name,
        zone_id=settings.TIME_ZONE,
        zone=vtimezone(settings.TIME_ZONE, [row[1].year for row in rows]),
        events=events,
        stamp=timezone.now(),
    )


def vtimezone(zone_id: str, years: Sequence[int]) -> bytes:
    """The zone's VTIMEZONE for the years the events fall in (this year when none)."""
    years = list(years) or [timezone.localdate().year]
    first = min(min(years), ZONE_LAST_YEAR)
    last = max(first, min(max(years), first + ZONE_YEARS, ZONE_LAST_YEAR))
    component = Timezone.from_tzid(
        zone_id, first_date=datetime.date(first, 1, 1), last_date=datetime.date(last + 1, 1, 1)
    )
    return component.to_ical()


def calendar_text(
    *,
    name: str,
    zone_id: str,
    zone: bytes,
    events: Iterable[CalendarEvent],
    stamp: datetime.datetime,
) -> bytes:
    """The whole VCALENDAR: header, the zone's VTIMEZONE as given, then one VEVENT each."""
    dtstamp = _utc(stamp)
    tzid = _param(zone_id)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        f"X-WR-CALNAME:{escape_text(name)}",
        f"X-WR-TIMEZONE:{escape_text(zone_id)}",
    ]
    out = ["\r\n".join(fold(line) for line in lines), "\r\n", zone.decode()]
    if not out[-1].endswith("\r\n"):
        out.append("\r\n")
    for event in events:
        parts = [
            "BEGIN:VEVENT",
            f"SUMMARY:{escape_text(event.summary)}",
            f"DTSTART;TZID={tzid}:{_local(event.start)}",
            f"DTEND;TZID={tzid}:{_local(event.end)}",
            f"DTSTAMP:{dtstamp}",
            f"UID:{escape_text(event.uid)}",
            f"DESCRIPTION:{escape_text(event.description)}",
        ]
        if event.location:
            parts.append(f"LOCATION:{escape_text(event.location)}")
        parts.append("STATUS:CANCELLED" if event.cancelled else "STATUS:CONFIRMED")
        parts.append("END:VEVENT")
        out.append("\r\n".join(fold(line) for line in parts))
        out.append("\r\n")
    out.append("END:VCALENDAR\r\n")
    return "".join(out).encode()


def escape_text(value: str) -> str:
    """A TEXT value as RFC 5545 writes it: \\ ; , escaped, line breaks as \\n, no controls."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    value = value.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")
    return _CONTROL.sub("", value)


def fold(line: str) -> str:
    """The line folded at 75 octets (continuations begin with a space), whole characters."""
    if len(line) <= LINE_OCTETS and line.isascii():
        return line
    encoded = line.encode()
    if len(encoded) <= LINE_OCTETS:
        return line
    pieces, start, limit = [], 0, LINE_OCTETS
    while start < len(encoded):
        end = min(start + limit, len(encoded))
        while end < len(encoded) and encoded[end] & 0xC0 == 0x80:  # inside a character
            end -= 1
        pieces.append(encoded[start:end].decode())
        start, limit = end, LINE_OCTETS - 1  # the leading space counts
    return "\r\n ".join(pieces)


def _param(value: str) -> str:
    """A parameter value: quoted when it holds a character a bare one can't."""
    value = _CONTROL.sub("", value).replace('"', "")
    return f'"{value}"' if any(c in value for c in ":;,") else value


def _local(moment: datetime.datetime) -> str:
    return (
        f"{moment.year:04d}{moment.month:02d}{moment.day:02d}"
        f"T{moment.hour:02d}{moment.minute:02d}{moment.second:02d}"
    )


def _utc(moment: datetime.datetime) -> str:
    return _local(moment.astimezone(datetime.UTC)) + "Z"
