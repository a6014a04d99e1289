"""The race's jobs in a league night's stream of cards: each carries the results counter it
was queued for, one left behind by newer results is skipped while the race is fresh, and
they wait behind notices in the broker."""

import pytest
from django.core.cache import cache

from league.seasons.models import SeasonVersion
from league.seasons.versions import results_changed
from league.standings import race_hooks
from league.standings.models import RaceState
from tests.league.night_factories import night_season, ready_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = night_season()
    for name in ("North", "South"):
        ready_team(season, name)
    SeasonVersion.objects.create(season=season, results=5)
    cache.delete(race_hooks._computed_key(season.pk))
    return season


def test_a_change_queues_the_race_with_the_results_counter_it_was_for(season, monkeypatch):
    queued = []
    monkeypatch.setattr(race_hooks.race_refresh_task, "delay", lambda *args: queued.append(args))
    results_changed.send(sender=None, season_id=season.pk)
    assert queued == [(season.pk, 5)]


def test_a_job_left_behind_by_newer_results_is_skipped_while_the_race_is_fresh(season):
    race_hooks.race_refresh_task(season.pk, 5)  # computes, and notes when
    assert RaceState.objects.filter(team__season=season).count() == 2
    RaceState.objects.all().delete()
    SeasonVersion.objects.filter(season=season).update(results=6)
    assert race_hooks.race_refresh_task(season.pk, 5) == 0
    assert not RaceState.objects.exists()  # skipped: the job queued for 6 will compute
    race_hooks.race_refresh_task(season.pk, 6)
    assert RaceState.objects.filter(team__season=season).count() == 2


def test_a_job_for_the_current_results_always_computes(season):
    race_hooks.race_refresh_task(season.pk, 5)
    RaceState.objects.all().delete()
    race_hooks.race_refresh_task(season.pk, 5)  # a redelivery, or publishing a week
    assert RaceState.objects.filter(team__season=season).count() == 2


def test_a_race_not_computed_lately_is_computed_even_by_a_job_left_behind(season):
    SeasonVersion.objects.filter(season=season).update(results=9)
    race_hooks.race_refresh_task(season.pk, 5)  # nothing noted (or the cache is down)
    assert RaceState.objects.filter(team__season=season).count() == 2


def test_a_stale_note_of_the_last_computation_does_not_skip(season, monkeypatch):
    cache.set(race_hooks._computed_key(season.pk), 0.0)  # computed long ago
    SeasonVersion.objects.filter(season=season).update(results=9)
    assert race_hooks.race_skippable(season.pk, 5) is False


def test_the_race_and_the_ratings_wait_behind_notices_in_the_broker():
    from config.celery import app

    def priority(name):
        return app.amqp.router.route({}, name).get("priority")

    assert priority(race_hooks.race_refresh_task.name) == 9
    assert priority("people.tasks.games_rerate") == 9
    assert priority("notices.tasks.deliver_notice") is None  # the broker's first list
