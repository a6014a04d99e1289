"""An event's calendar file (.ics): its day, start time and venue.

Like the league's calendars (league/seasons/views/feeds.py): local times carry their
VTIMEZONE, and the UID is the event's id at the site's host, so a changed date or time
updates the entry a player already has instead of adding another.
"""

import datetime

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar, Event, Timezone

from inputs.bounds import later
from league.web import site_address, site_host
from tournaments.models import Tournament

EVENT_LENGTH = datetime.timedelta(hours=4)


def _event(tournament: Tournament, request: HttpRequest) -> Event:
    event = Event()
    event.add("uid", f"tournament-{tournament.pk}@{site_host(request)}")
    event.add("dtstamp", timezone.now())
    if tournament.start_time is None:
        event.add("dtstart", tournament.date)  # an all-day event
        event.add("dtend", tournament.date + datetime.timedelta(days=1))
    else:
        zone = timezone.get_default_timezone()
        start = datetime.datetime.combine(tournament.date, tournament.start_time, tzinfo=zone)
        event.add("dtstart", start)
        event.add("dtend", later(start, EVENT_LENGTH))
    event.add("summary", tournament.name)
    if tournament.venue:
        event.add("location", tournament.venue)
    scheme = "https" if request.is_secure() else "http"
    page = reverse("tournaments:detail", args=[tournament.slug])
    url = f"{settings.SITE_URL.rstrip('/')}{page}" if settings.SITE_URL else ""
    event.add("url", url or f"{scheme}://{site_address(request)}{page}")
    about = [tournament.get_format_display(), str(tournament.rule_set or "")]
    event.add("description", " · ".join(part for part in about if part))
    return event


def tournament_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("rule_set"), slug=slug)
    calendar = Calendar()
    calendar.add("prodid", "-//Euchre League//Tournaments//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", tournament.name)
    if tournament.start_time is not None:
        year = min(tournament.date.year, 9990)
        calendar.add_component(
            Timezone.from_tzid(
                settings.TIME_ZONE,
                first_date=datetime.date(year, 1, 1),
                last_date=datetime.date(year + 1, 1, 1),
            )
        )
    calendar.add_component(_event(tournament, request))
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}.ics"'
    return response
