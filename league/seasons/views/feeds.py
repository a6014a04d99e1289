"""iCalendar feeds a phone can subscribe to: one per team, one per season.

Times are local to the configured TIME_ZONE and the calendar carries its VTIMEZONE, so a
client without that zone in its own database still places each night right. Each event's
UID is the fixture's id at the site's host (SITE_URL's, else the request's), so a reschedule
or a cancellation updates the event a subscriber already has instead of adding another.
Pages link each calendar twice: a `webcal://` link to subscribe, a plain one to download.
"""

import datetime

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from icalendar import Calendar, Event, Timezone

from inputs.bounds import later
from league.seasons import selectors
from league.seasons.models import Fixture, Team
from league.web import site_host

EVENT_LENGTH = datetime.timedelta(hours=2)
# The VTIMEZONE spells out the zone's changes for the fixtures' years (at most this many,
# and never so near the year 9999 that the last change can't be written).
ZONE_YEARS = 30
ZONE_LAST_YEAR = 9990


def fixture_uid(fixture: Fixture, host: str) -> str:
    """The event's identity: the fixture's id, whatever its date, time or table become."""
    return f"fixture-{fixture.pk}@{host}"


def _zone(fixtures: list[Fixture]) -> Timezone:
    years = [fixture.date.year for fixture in fixtures] or [timezone.localdate().year]
    first = min(min(years), ZONE_LAST_YEAR)
    last = max(first, min(max(years), first + ZONE_YEARS, ZONE_LAST_YEAR))
    return Timezone.from_tzid(
        settings.TIME_ZONE,
        first_date=datetime.date(first, 1, 1),
        last_date=datetime.date(last + 1, 1, 1),
    )


def _calendar(name: str, fixtures: list[Fixture], host: str) -> HttpResponse:
    calendar = Calendar()
    calendar.add("prodid", "-//Euchre League//Schedule//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", settings.TIME_ZONE)
    calendar.add_component(_zone(fixtures))
    zone = timezone.get_default_timezone()
    stamp = timezone.now()
    for fixture in fixtures:
        event = Event()
        start_time = fixture.start_time or fixture.season.start_time
        start = datetime.datetime.combine(fixture.date, start_time, tzinfo=zone)
        event.add("uid", fixture_uid(fixture, host))
        event.add("dtstamp", stamp)
        event.add("dtstart", start)
        event.add("dtend", later(start, EVENT_LENGTH))  # a far stored date must not break it
        event.add("summary", f"{fixture.home} v {fixture.away} (week {fixture.week})")
        if fixture.table is not None:
            event.add("location", f"{fixture.table.venue.name}, {fixture.table.name}")
        status = "CANCELLED" if fixture.status == Fixture.Status.CANCELLED else "CONFIRMED"
        event.add("status", status)
        event.add("description", f"{fixture.season} · {fixture.get_status_display()}")
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="schedule.ics"'
    return response


def team_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("season"), pk=pk)
    if not team.season.is_published:
        raise Http404("The schedule isn't published yet.")
    fixtures = list(selectors.fixtures_for_team(team).filter(away__isnull=False))
    return _calendar(f"{team.name} · {team.season.name}", fixtures, site_host(request))


def season_calendar(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    if not season_obj.is_published:
        raise Http404("The schedule isn't published yet.")
    fixtures = list(selectors.fixtures_for_season_calendar(season_obj))
    return _calendar(str(season_obj), fixtures, site_host(request))
