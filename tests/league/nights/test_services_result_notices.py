"""Notices about cards: the daily reminder of missing cards and its periodic task."""

import datetime

import pytest
from django_celery_beat.models import PeriodicTask

from league.beat import MISSING_CARDS_TASK, ensure_periodic_tasks
from league.nights.rules import fixture_closes_at, fixture_starts_at
from league.nights.services.result_notices import missing_cards_notify
from league.nights.services.results import GameScore, fixture_submit_scores
from league.tasks import send_missing_card_notices
from notices.models import Notice
from tests.league.night_factories import night, play

pytestmark = pytest.mark.django_db


def _the_day_after(fixture):
    return fixture_starts_at(fixture) + datetime.timedelta(hours=18)


def test_both_captains_hear_which_games_are_still_open():
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    notices = missing_cards_notify(now=_the_day_after(n.fixture))
    assert len(notices) == 1
    notice = notices[0]
    assert notice.kind == Notice.Kind.CARD_MISSING
    assert "Game 1: waiting for confirmation." in notice.body
    assert "Game 3: no card yet." in notice.body
    players = set(notice.messages.values_list("player_id", flat=True))
    assert players == {n.home_captain.player.pk, n.away_captain.player.pk}


def test_the_reminder_goes_once_a_day():
    n = night()
    now = _the_day_after(n.fixture)
    assert len(missing_cards_notify(now=now)) == 1
    missing_cards_notify(now=now)
    assert Notice.objects.filter(kind=Notice.Kind.CARD_MISSING).count() == 1


def test_complete_fixtures_and_fixtures_past_their_grace_period_get_no_reminder():
    done = night(week=1)
    play(done.fixture, (10, 2), (10, 3), (4, 10))
    stale = night(week=2)
    assert missing_cards_notify(now=_the_day_after(done.fixture)) == []
    late = fixture_closes_at(stale.fixture) + datetime.timedelta(hours=1)
    assert missing_cards_notify(now=late) == []


def test_the_daily_task_is_registered_with_beat_and_runs_the_producer():
    task = PeriodicTask.objects.get(name=MISSING_CARDS_TASK)
    assert task.task == "league.tasks.send_missing_card_notices"
    assert (task.crontab.hour, task.crontab.minute) == ("12", "0")
    task.enabled = False
    task.save()
    ensure_periodic_tasks()  # again: keeps the manager's change
    assert PeriodicTask.objects.get(name=MISSING_CARDS_TASK).enabled is False
    assert send_missing_card_notices.delay().get() == 0
