import datetime

import pytest
from django.core import mail
from django.utils import timezone

from league import tasks
from league.announcements.services import waiver_reminders_send
from notices.models import Notice, OutboxMessage
from tests.factories import PlayerFactory, RosterEntryFactory, SeasonFactory, TeamFactory

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2030, 8, 31)


def _season_starting(days: int, *players):
    season = SeasonFactory(starts_on=TODAY + datetime.timedelta(days=days))
    team = TeamFactory(season=season)
    for player in players:
        RosterEntryFactory(team=team, player=player)
    return season


def test_unsigned_players_are_reminded_in_the_days_before_the_first_night():
    ann, bob = (
        PlayerFactory(name="Ann"),
        PlayerFactory(name="Bob", sms_opt_in=True, phone="4165550001"),
    )
    season = _season_starting(3, ann, bob)
    _season_starting(4, PlayerFactory())  # too early to remind
    _season_starting(-1, PlayerFactory())  # already started
    (notice,) = waiver_reminders_send(today=TODAY)
    assert notice.kind == Notice.Kind.WAIVER_REMINDER
    assert notice.season == season
    assert "Tue 3 Sep 2030" in notice.subject
    assert set(notice.messages.values_list("channel", "player_id")) == {
        ("email", ann.pk),
        ("email", bob.pk),
        ("sms", bob.pk),
    }


def test_a_player_is_reminded_once_even_when_the_job_runs_every_day():
    ann = PlayerFactory()
    season = _season_starting(3, ann)
    waiver_reminders_send(today=TODAY)
    assert waiver_reminders_send(today=TODAY) == []
    assert waiver_reminders_send(today=TODAY + datetime.timedelta(days=1)) == []
    # Someone added to a roster later gets their own reminder the next day.
    late = PlayerFactory()
    RosterEntryFactory(team=season.teams.get(), player=late)
    (notice,) = waiver_reminders_send(today=TODAY + datetime.timedelta(days=2))
    assert list(notice.messages.values_list("player_id", flat=True)) == [late.pk]
    assert OutboxMessage.objects.filter(player=ann).count() == 1


def test_signed_players_get_no_reminder():
    from league.seasons.models import Waiver

    ann = PlayerFactory()
    season = _season_starting(1, ann)
    Waiver.objects.create(
        player=ann, season=season, version=1, signed_at=timezone.now(), method="paper"
    )
    assert waiver_reminders_send(today=TODAY) == []


def test_the_daily_task_sends_the_reminders(django_capture_on_commit_callbacks, monkeypatch):
    season = _season_starting(0, PlayerFactory(email="ann@example.com"))
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: season.starts_on)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_waiver_reminders.delay().get() == 1
    assert [m.to for m in mail.outbox] == [["ann@example.com"]]
