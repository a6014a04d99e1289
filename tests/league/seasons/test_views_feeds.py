import datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from league.seasons import services
from league.seasons.models import Fixture
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = make_season(teams_per_level=(4,), tables=2, weeks=3)
    services.season_generate_schedule(season=season)
    return season


def test_feeds_wait_for_the_schedule_to_be_published(client, season):
    team = season.teams.first()
    assert client.get(reverse("league:team_calendar", args=[team.pk])).status_code == 404
    url = reverse("league:season_calendar", args=[season.league.slug, season.slug])
    assert client.get(url).status_code == 404


def test_a_team_feed_has_its_fixtures_at_their_tables(client, season):
    services.season_publish_schedule(season=season)
    team = season.teams.get(name="A1")
    response = client.get(reverse("league:team_calendar", args=[team.pk]))
    assert response["Content-Type"].startswith("text/calendar")
    events = Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == 3
    first = season.fixtures.filter(week=1).filter(home=team).first() or season.fixtures.get(
        week=1, away=team
    )
    event = next(e for e in events if e["uid"].startswith(f"fixture-{first.pk}@"))
    assert str(event["location"]) == f"{first.table.venue.name}, {first.table.name}"
    assert event.decoded("dtstart").date() == first.date
    assert event.decoded("dtstart").hour == season.start_time.hour


def test_the_season_feed_has_every_game_but_no_byes(client, season):
    services.season_publish_schedule(season=season)
    url = reverse("league:season_calendar", args=[season.league.slug, season.slug])
    events = Calendar.from_ical(client.get(url).content).walk("VEVENT")
    assert len(events) == season.fixtures.filter(away__isnull=False).count() == 6


def test_a_fixture_stored_on_the_last_night_of_9999_still_has_its_feeds(client, season):
    """Stored before dates were bounded (or by an administrator): the feed ends it at the
    last moment a calendar can hold rather than failing."""
    services.season_publish_schedule(season=season)
    team = season.teams.get(name="A1")
    far = season.fixtures.filter(home=team, away__isnull=False).first()
    Fixture.objects.filter(pk=far.pk).update(
        date=datetime.date(9999, 12, 31), start_time=datetime.time(23, 30)
    )
    urls = [
        reverse("league:team_calendar", args=[team.pk]),
        reverse("league:team_calendar", args=[far.away_id]),
        reverse("league:season_calendar", args=[season.league.slug, season.slug]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200
        events = Calendar.from_ical(response.content).walk("VEVENT")
        event = next(e for e in events if e["uid"].startswith(f"fixture-{far.pk}@"))
        assert event.decoded("dtstart").date() == datetime.date(9999, 12, 31)
        assert event.decoded("dtend") > event.decoded("dtstart")


def _season_feed(season):
    return reverse("league:season_calendar", args=[season.league.slug, season.slug])


def _event_of(content, fixture):
    events = Calendar.from_ical(content).walk("VEVENT")
    return next(e for e in events if str(e["uid"]).startswith(f"fixture-{fixture.pk}@"))


@pytest.mark.parametrize("zone", ["America/New_York", "America/Chicago", "Europe/London"])
def test_the_calendar_carries_the_configured_time_zone(client, season, settings, zone):
    settings.TIME_ZONE = zone
    services.season_publish_schedule(season=season)
    calendar = Calendar.from_ical(client.get(_season_feed(season)).content)
    (vtimezone,) = calendar.walk("VTIMEZONE")
    assert str(vtimezone["tzid"]) == zone
    assert vtimezone.walk("STANDARD")  # the zone's rules, for clients that don't know it
    fixture = season.fixtures.filter(away__isnull=False).order_by("pk").first()
    event = _event_of(calendar.to_ical(), fixture)
    assert event["dtstart"].params["TZID"] == zone
    start = event.decoded("dtstart")
    assert (start.date(), start.hour) == (fixture.date, season.start_time.hour)
    assert str(start.tzinfo) == zone


def test_a_rescheduled_fixture_keeps_its_uid_at_the_sites_host(client, season, settings):
    settings.ALLOWED_HOSTS = ["testserver", "www.euchre.example.com"]
    settings.SITE_URL = "https://euchre.example.com"
    services.season_publish_schedule(season=season)
    fixture = season.fixtures.filter(away__isnull=False, week=3).order_by("pk").first()
    before = _event_of(client.get(_season_feed(season)).content, fixture)
    assert str(before["uid"]) == f"fixture-{fixture.pk}@euchre.example.com"
    services.fixture_update(
        fixture=fixture,
        date=fixture.date + datetime.timedelta(days=1),
        home=fixture.home,
        away=fixture.away,
        table=fixture.table,
        status=fixture.status,
        start_time=datetime.time(20, 30),
    )
    # Another host name for the same site (a www. alias) must not change the identity either.
    response = client.get(_season_feed(season), HTTP_HOST="www.euchre.example.com")
    after = _event_of(response.content, fixture)
    assert str(after["uid"]) == str(before["uid"])
    assert after.decoded("dtstart") - before.decoded("dtstart") == datetime.timedelta(
        days=1, hours=20 - season.start_time.hour, minutes=30 - season.start_time.minute
    )


def test_without_a_site_url_the_uid_names_the_requests_host_without_its_port(
    client, season, settings
):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["league.example.org"]
    services.season_publish_schedule(season=season)
    fixture = season.fixtures.filter(away__isnull=False).order_by("pk").first()
    response = client.get(_season_feed(season), HTTP_HOST="league.example.org:8443")
    assert (
        str(_event_of(response.content, fixture)["uid"])
        == f"fixture-{fixture.pk}@league.example.org"
    )
