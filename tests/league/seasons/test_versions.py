"""A season's schedule and results versions: counted after the commit, read in one query."""

import pytest
from django.db import transaction

from league.seasons import services
from league.seasons.models import Fixture, SeasonVersion
from league.seasons.services.teams import team_rename
from league.seasons.versions import season_changed, season_versions, season_with_versions
from tests.factories import manager_user
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


def _keys(season):
    versions = season_versions(season)
    return versions.schedule.key, versions.results.key


def test_a_change_is_counted_once_its_transaction_commits(django_capture_on_commit_callbacks):
    season = make_season(teams_per_level=(2,))
    before = _keys(season)
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        season_changed(season, schedule=True)
        assert _keys(season) == before  # not yet: the change may still be rolled back
    for callback in waiting:
        callback()
    schedule, results = _keys(season)
    assert schedule != before[0]
    assert results != before[1]  # results sit on the schedule: its version is part of theirs


def test_a_change_rolled_back_is_never_counted(django_capture_on_commit_callbacks):
    season = make_season(teams_per_level=(2,))
    before = _keys(season)
    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                season_changed(season, schedule=True, results=True)
                raise RuntimeError("the service failed")
        except RuntimeError:
            pass
    assert _keys(season) == before
    assert not SeasonVersion.objects.filter(season=season).exists()


def test_a_results_change_leaves_the_schedule_version_as_it_was(
    django_capture_on_commit_callbacks,
):
    season = make_season(teams_per_level=(2,))
    schedule, results = _keys(season)
    with django_capture_on_commit_callbacks(execute=True):
        season_changed(season, results=True)
    with django_capture_on_commit_callbacks(execute=True):
        season_changed(season.pk, results=True)
    assert _keys(season)[0] == schedule
    assert _keys(season)[1] != results
    counters = SeasonVersion.objects.get(season=season)
    assert (counters.schedule, counters.results) == (0, 2)
    assert counters.results_changed_at is not None


def test_a_fixture_saved_without_a_count_still_changes_the_schedule_version():
    """The net under the counters: a fixture's save moves its updated_at."""
    season = make_season(teams_per_level=(4,), tables=2)
    services.season_generate_schedule(season=season)
    before = _keys(season)
    fixture = season.fixtures.order_by("pk").first()
    Fixture.objects.filter(pk=fixture.pk).update(updated_at=fixture.updated_at.replace(year=2099))
    assert _keys(season)[0] != before[0]


def test_a_fixture_saved_naming_only_its_own_fields_still_changes_the_schedule_version():
    season = make_season(teams_per_level=(4,), tables=2)
    services.season_generate_schedule(season=season)
    fixture = season.fixtures.order_by("pk").first()
    Fixture.objects.filter(pk=fixture.pk).update(updated_at=fixture.updated_at.replace(year=2001))
    before = _keys(season)
    fixture.refresh_from_db()
    fixture.games = 5
    fixture.save(update_fields=["games"])  # updated_at not named
    fixture.refresh_from_db()
    assert fixture.games == 5 and fixture.updated_at.year != 2001
    assert _keys(season)[0] != before[0]


def test_a_team_renamed_counts_as_a_change_of_both(django_capture_on_commit_callbacks):
    season = make_season(teams_per_level=(2,))
    before = _keys(season)
    with django_capture_on_commit_callbacks(execute=True):
        team_rename(team=season.teams.first(), name="Left Bowers", by=manager_user())
    after = _keys(season)
    assert after[0] != before[0] and after[1] != before[1]


def test_the_season_and_its_versions_come_in_one_query(django_assert_num_queries):
    season = make_season(teams_per_level=(2,))
    with django_assert_num_queries(1):
        found, versions = season_with_versions(season.league.slug, season.slug)
        assert found.league.name == season.league.name
    assert versions == season_versions(season)
