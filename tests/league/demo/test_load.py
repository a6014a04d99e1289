"""Running `load_demo` again the same day keeps what the demo's users did, and rebuilds a
demo it can't top up."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from league.cancellations.services import night_cancel
from league.demo import scorecards
from league.demo.seasons import demo_season
from league.seasons.models import Fixture, League, Team

pytestmark = pytest.mark.django_db


def _load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_a_cancelled_night_and_a_renamed_team_are_kept_the_same_day(demo_today):
    season = demo_season()
    manager = get_user_model().objects.get(username="manager")
    night_cancel(
        season=season, date=timezone.localdate(), scope="night", reason="weather", user=manager
    )
    Team.objects.filter(season=season, name="Left Bowers").update(name="Left Bowers II")
    teams = Team.objects.count()
    out = _load()
    assert "rebuilt" not in out and "changed since the demo was loaded" not in out
    assert Team.objects.count() == teams
    tonight = season.fixtures.filter(date=timezone.localdate(), away__isnull=False)
    assert (
        tonight.exclude(status=Fixture.Status.CANCELLED).filter(fixture_games__isnull=True).count()
        == 0
    )
    assert Team.objects.filter(name="Left Bowers II").exists()


def test_a_demo_that_cannot_be_topped_up_is_rebuilt(demo_today, monkeypatch):
    league = League.objects.get(slug="cca")
    real_load = scorecards.load
    calls = []

    def fails_once() -> list[str]:
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("someone changed the demo")
        return real_load()

    monkeypatch.setattr(scorecards, "load", fails_once)
    out = _load()
    assert "could not be topped up (ValueError: someone changed the demo): rebuilt" in out
    rebuilt = League.objects.get(slug="cca")
    assert rebuilt.pk != league.pk and demo_season().league_id == rebuilt.pk
