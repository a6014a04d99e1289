import datetime
import gzip

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from league.seasons import services
from league.seasons.models import Fixture
from league.seasons.services.teams import team_rename
from tests.factories import manager_user
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


def _ask_and_accept(fixture):
    from league.nights.services import reschedules
    from tests.factories import UserFactory

    request = reschedules.reschedule_request_create(
        fixture=fixture,
        team=fixture.home,
        by=UserFactory(),
        proposed_date=max(fixture.date, timezone.localdate()) + datetime.timedelta(days=2),
        reason="Our captain is away",
    )
    reschedules.reschedule_request_respond(
        request=request, team=fixture.away, by=UserFactory(), accept=True
    )


def test_a_reschedule_changes_the_calendar_and_its_etag(
    client, season, django_capture_on_commit_callbacks
):
    services.season_publish_schedule(season=season)
    fixture = season.fixtures.filter(away__isnull=False, week=3).order_by("pk").first()
    before = client.get(_season_feed(season))
    assert before["ETag"] and before["Last-Modified"]
    with django_capture_on_commit_callbacks(execute=True):
        _ask_and_accept(fixture)
    fixture.refresh_from_db()
    after = client.get(_season_feed(season), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert _event_of(after.content, fixture).decoded("dtstart").date() == fixture.date
    assert _event_of(before.content, fixture).decoded("dtstart").date() != fixture.date


def test_a_renamed_team_shows_at_once_on_its_calendars(
    client, season, django_capture_on_commit_callbacks
):
    """No fixture changes: the rename alone moves the schedule's version on."""
    services.season_publish_schedule(season=season)
    team = season.teams.get(name="A1")
    team_feed = reverse("league:team_calendar", args=[team.pk])
    for url in (team_feed, _season_feed(season)):
        assert b"SUMMARY:A1 v" in client.get(url).content
    with django_capture_on_commit_callbacks(execute=True):
        team_rename(team=team, name="Left Bowers", by=manager_user())
    for url in (team_feed, _season_feed(season)):
        content = client.get(url).content
        assert b"Left Bowers" in content and b"A1 v" not in content and b"v A1 (" not in content


def test_a_calendar_app_asking_again_gets_304_until_the_schedule_changes(client, season):
    services.season_publish_schedule(season=season)
    first = client.get(_season_feed(season))
    again = client.get(_season_feed(season), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    since = client.get(_season_feed(season), HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304
    other = client.get(_season_feed(season), HTTP_IF_NONE_MATCH='W/"something-else"')
    assert other.status_code == 200 and other.content == first.content


def test_the_calendar_is_gzipped_for_clients_that_accept_it(client, season):
    services.season_publish_schedule(season=season)
    plain = client.get(_season_feed(season))
    packed = client.get(_season_feed(season), HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert packed["ETag"] == plain["ETag"]


def test_the_season_calendar_is_built_once_and_reads_no_fixture_after(
    client, django_assert_num_queries
):
    big = make_season(teams_per_level=(30, 30), tables=30, weeks=6)
    services.season_generate_schedule(season=big)
    services.season_publish_schedule(season=big)
    with django_assert_num_queries(2):  # the season with its versions, then the fixtures
        assert client.get(_season_feed(big)).status_code == 200
    with django_assert_num_queries(1):  # the season with its versions; the file is kept
        assert client.get(_season_feed(big)).status_code == 200
    team = big.teams.first()
    team_feed = reverse("league:team_calendar", args=[team.pk])
    with django_assert_num_queries(3):  # the team and season, the versions, the fixtures
        assert client.get(team_feed).status_code == 200
