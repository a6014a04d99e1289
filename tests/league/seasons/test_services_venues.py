"""A manager edits a venue (name, address, tables) or takes it off a season."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from league.seasons.models import Fixture, Season, Table, Venue
from league.seasons.services.venues import venue_remove, venue_update
from tests.factories import LeagueFactory, SeasonFactory, captain_user, manager_user
from tests.league.factories import TUESDAY, FixtureFactory, VenueFactory, make_season

pytestmark = pytest.mark.django_db


def _season() -> tuple[Season, Venue]:
    season = make_season(teams_per_level=(4,), tables=4)
    return season, season.venues.get()


def _publish(season: Season) -> None:
    season.schedule_state = Season.ScheduleState.PUBLISHED
    season.schedule_published_at = timezone.now()
    season.save()


def _at_table(season: Season, table: Table, week: int, **kwargs) -> Fixture:
    teams = list(season.teams.order_by("name"))
    date = TUESDAY + datetime.timedelta(weeks=week - 1)
    return FixtureFactory(
        season=season, week=week, date=date, home=teams[0], away=teams[1], table=table, **kwargs
    )


def _table(venue: Venue, name: str) -> Table:
    return venue.tables.get(name=name)


def test_a_manager_renames_a_venue_and_changes_its_address():
    season, venue = _season()
    manager = manager_user(league=season.league)
    venue_update(venue=venue, name=" The  Crown ", address="1 High St", by=manager)
    venue.refresh_from_db()
    assert (venue.name, venue.address) == ("The Crown", "1 High St")
    entry = Activity.objects.get(verb=Verb.VENUE_CHANGED)
    assert entry.scope_id == season.league_id and venue.name in entry.detail


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "Give the venue a name"),
        ({"name": "x" * 121}, "120 characters"),
        ({"address": "x" * 201}, "200 characters"),
        ({"name": "THE PUB"}, "already has a venue called THE PUB"),
        ({}, "Nothing changed"),
        ({"tables": 0}, "between 1 and 200"),
    ],
)
def test_bad_venue_changes_are_refused_and_nothing_changes(changes, message):
    season, venue = _season()
    VenueFactory(league=season.league, name="The Pub")
    before = (venue.name, venue.address, venue.tables.count())
    data = {"name": venue.name, "address": venue.address, **changes}
    with pytest.raises(ValidationError, match=message):
        venue_update(venue=venue, by=manager_user(league=season.league), **data)
    venue.refresh_from_db()
    assert (venue.name, venue.address, venue.tables.count()) == before
    assert not Activity.objects.filter(verb=Verb.VENUE_CHANGED).exists()


def test_a_venue_may_share_its_name_with_another_leagues_venue():
    season, venue = _season()
    VenueFactory(league=LeagueFactory(), name="The Pub")
    venue_update(venue=venue, name="The Pub", by=manager_user(league=season.league))
    assert Venue.objects.get(pk=venue.pk).name == "The Pub"


def test_more_tables_are_numbered_on_and_unused_last_tables_go():
    season, venue = _season()
    manager = manager_user(league=season.league)
    venue_update(venue=venue, name=venue.name, tables=6, by=manager)
    assert list(venue.tables.values_list("name", flat=True)) == [f"Table {n}" for n in range(1, 7)]
    venue_update(venue=venue, name=venue.name, tables=3, by=manager)
    assert list(venue.tables.values_list("name", flat=True)) == ["Table 1", "Table 2", "Table 3"]


def test_a_table_with_fixtures_is_kept():
    season, venue = _season()
    _at_table(season, _table(venue, "Table 4"), week=1, status=Fixture.Status.PLAYED)
    with pytest.raises(ValidationError, match="Table 4: 1 fixture"):
        venue_update(venue=venue, name=venue.name, tables=3, by=manager_user(league=season.league))
    assert venue.tables.count() == 4


@pytest.mark.parametrize("who", ["other_manager", "captain", "nobody"])
def test_only_the_leagues_managers_edit_or_remove_its_venues(who):
    season, venue = _season()
    user = {
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "captain": lambda: captain_user(team=season.teams.first())[0],
        "nobody": lambda: None,
    }[who]()
    with pytest.raises(PermissionDenied):
        venue_update(venue=venue, name="Mine now", by=user)
    with pytest.raises(PermissionDenied):
        venue_remove(venue=venue, season=season, by=user)
    assert Venue.objects.get(pk=venue.pk).name == venue.name
    assert season.venues.filter(pk=venue.pk).exists()


def test_a_published_schedule_keeps_a_venue_whose_tables_have_fixtures_to_play():
    season, venue = _season()
    for week in (1, 2, 3):
        _at_table(season, _table(venue, "Table 1"), week=week)
    _publish(season)
    with pytest.raises(ValidationError, match="3 fixtures of .* are scheduled at"):
        venue_remove(venue=venue, season=season, by=manager_user(league=season.league))
    assert season.venues.filter(pk=venue.pk).exists()
    assert Fixture.objects.filter(table__venue=venue).count() == 3


def test_in_a_draft_the_venue_goes_and_its_fixtures_wait_for_a_table():
    season, venue = _season()
    fixture = _at_table(season, _table(venue, "Table 2"), week=1)
    removal = venue_remove(venue=venue, season=season, by=manager_user(league=season.league))
    assert (removal.tables_cleared, removal.deleted) == (1, True)
    assert not Venue.objects.filter(pk=venue.pk).exists()
    assert Fixture.objects.get(pk=fixture.pk).table is None
    assert Activity.objects.get(verb=Verb.VENUE_REMOVED).target_label == venue.name


def test_a_venue_other_seasons_use_or_that_has_history_is_only_detached():
    season, venue = _season()
    other = SeasonFactory(league=season.league)
    other.venues.add(venue)
    manager = manager_user(league=season.league)
    removal = venue_remove(venue=venue, season=season, by=manager)
    assert not removal.deleted and not season.venues.filter(pk=venue.pk).exists()
    assert other.venues.filter(pk=venue.pk).exists()

    played_here, venue2 = _season()
    _at_table(played_here, _table(venue2, "Table 1"), week=1, status=Fixture.Status.PLAYED)
    _publish(played_here)
    removal = venue_remove(
        venue=venue2, season=played_here, by=manager_user(league=played_here.league)
    )
    assert not removal.deleted and Venue.objects.filter(pk=venue2.pk).exists()
    assert Fixture.objects.get(season=played_here).table.venue == venue2


def test_a_venue_not_used_by_the_season_cant_be_removed_from_it():
    season, _ = _season()
    elsewhere = VenueFactory(league=season.league)
    with pytest.raises(ValidationError, match="isn't one of"):
        venue_remove(venue=elsewhere, season=season, by=manager_user(league=season.league))
    assert Venue.objects.filter(pk=elsewhere.pk).exists()
