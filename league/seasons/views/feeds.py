"""iCalendar feeds a phone can subscribe to: one per team, one per season.

The files are written by `league.seasons.calendars`. Each is built once per version of the
season's schedule (`league.seasons.versions`) and host, kept in the cache, sent gzipped to
clients that accept it, and answered 304 to a calendar app asking again with the ETag or
date it has: polling a season's calendar costs two small queries until the schedule
changes. Pages link each calendar twice: a `webcal://` link to subscribe, a plain one to
download.
"""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from activity.exports import cached_download
from league.seasons import calendars
from league.seasons.models import Season, Team
from league.seasons.versions import Version, season_versions, season_with_versions
from league.web import site_host

CONTENT_TYPE = "text/calendar; charset=utf-8"
# Bump when the writer's output changes, so no file from an older writer is served.
WRITER_VERSION = 1


def _feed(request: HttpRequest, season: Season, version: Version, what: str, build) -> HttpResponse:  # type: ignore[no-untyped-def]
    """`version` is read before the fixtures (league.seasons.versions)."""
    if not season.is_published:
        raise Http404("The schedule isn't published yet.")
    host = site_host(request)
    shown = (season.name, season.league.name, season.start_time, settings.TIME_ZONE)
    return cached_download(
        request,
        key=f"calendar:{WRITER_VERSION}:{season.pk}:{what}:{version.key}:{host}:{shown}",
        build=lambda: build(host),
        content_type=CONTENT_TYPE,
        filename="schedule.ics",
        last_modified=version.changed_at,
        inline=True,
    )


def team_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=pk)
    return _feed(
        request,
        team.season,
        season_versions(team.season).schedule,
        f"team:{team.pk}:{team.name}",
        lambda host: calendars.team_calendar(team, host),
    )


def season_calendar(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj, versions = season_with_versions(league, season)
    return _feed(
        request,
        season_obj,
        versions.schedule,
        "season",
        lambda host: calendars.season_calendar(season_obj, host),
    )
