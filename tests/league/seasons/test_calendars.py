"""The .ics writer: lines folded at 75 octets on whole characters, text escaped, readable."""

import datetime
import zoneinfo

from hypothesis import given
from hypothesis import strategies as st
from icalendar import Calendar

from league.seasons.calendars import CalendarEvent, calendar_text, escape_text, fold, vtimezone

ZONE = "America/Toronto"


def _calendar(**event) -> Calendar:
    start = datetime.datetime(2026, 3, 3, 19, 0, tzinfo=zoneinfo.ZoneInfo(ZONE))
    fields = {
        "uid": "fixture-1@example.com",
        "start": start,
        "end": start + datetime.timedelta(hours=2),
        "summary": "Aces v Bowers (week 1)",
        "description": "League — Season · Scheduled",
        **event,
    }
    text = calendar_text(
        name="League — Season",
        zone_id=ZONE,
        zone=vtimezone(ZONE, [2026]),
        events=[CalendarEvent(**fields)],
        stamp=datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC),
    )
    for line in text.split(b"\r\n"):
        assert len(line) <= 75, line
    assert b"\n" not in text.replace(b"\r\n", b"")
    return Calendar.from_ical(text)


def test_every_line_fits_75_octets_and_a_long_name_reads_back_whole():
    name = "Les Ébouriffés de la Rue Saint-Denis " * 4 + "🂡🂱"
    (event,) = _calendar(summary=name).walk("VEVENT")
    assert str(event["summary"]) == name


def test_text_is_escaped_and_control_characters_dropped():
    (event,) = _calendar(
        summary="A, B; C\\D", location="Bar\nTable 3", description="odd\x07 bell"
    ).walk("VEVENT")
    assert str(event["summary"]) == "A, B; C\\D"
    assert str(event["location"]) == "Bar\nTable 3"
    assert str(event["description"]) == "odd bell"
    assert escape_text("half \ud800 a pair") == "half  a pair"


def test_times_are_local_to_the_zone_and_a_cancelled_event_says_so():
    (event,) = _calendar(cancelled=True).walk("VEVENT")
    assert event["dtstart"].params["TZID"] == ZONE
    assert event.decoded("dtstart").hour == 19
    assert str(event["status"]) == "CANCELLED"
    assert event.decoded("dtstamp") == datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC)


@given(st.text(st.characters(exclude_characters="\r\n", exclude_categories=["Cs"]), max_size=400))
def test_folding_splits_only_between_characters_and_unfolds_to_the_line(line):
    """Escaped text holds no line break nor surrogate; each folded line, its leading space
    too, fits."""
    first, *rest = fold(line).split("\r\n ")
    assert len(first.encode()) <= 75
    assert all(0 < len(piece.encode()) <= 74 for piece in rest)
    assert first + "".join(rest) == line


def test_escape_keeps_plain_text_as_it_is():
    assert escape_text("Aces v Bowers (week 1)") == "Aces v Bowers (week 1)"
