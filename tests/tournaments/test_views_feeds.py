"""An event's calendar file: its day and time, and the venue."""

import datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db


def _calendar(client, tournament):
    response = client.get(reverse("tournaments:calendar", args=[tournament.slug]))
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def test_the_event_has_its_start_time_and_venue(client, settings):
    settings.SITE_URL = "https://euchre.example.org"
    tournament = TournamentFactory(
        name="Spring Progressive",
        date=datetime.date(2030, 4, 6),
        start_time=datetime.time(19, 30),
        venue="The Black Bull, 298 Queen St W",
    )
    (event,) = _calendar(client, tournament).walk("VEVENT")
    start = event.decoded("dtstart")
    assert (start.date(), start.time()) == (datetime.date(2030, 4, 6), datetime.time(19, 30))
    assert str(start.tzinfo) == settings.TIME_ZONE
    assert str(event["location"]) == "The Black Bull, 298 Queen St W"
    assert str(event["summary"]) == "Spring Progressive"
    assert str(event["uid"]) == f"tournament-{tournament.pk}@euchre.example.org"
    assert str(event["url"]) == f"https://euchre.example.org/tournaments/{tournament.slug}/"


def test_without_a_start_time_the_event_is_all_day(client):
    tournament = TournamentFactory(date=datetime.date(2030, 4, 6))
    (event,) = _calendar(client, tournament).walk("VEVENT")
    assert event.decoded("dtstart") == datetime.date(2030, 4, 6)
    assert event.decoded("dtend") == datetime.date(2030, 4, 7)
    assert "location" not in event


def test_typed_text_is_escaped_for_the_calendar(client):
    tournament = TournamentFactory(name="Cold Butt; Open, Night", venue="Hall\\Annex; Back")
    text = client.get(reverse("tournaments:calendar", args=[tournament.slug])).content
    assert b"SUMMARY:Cold Butt\\; Open\\, Night" in text
    assert b"LOCATION:Hall\\\\Annex\\; Back" in text
