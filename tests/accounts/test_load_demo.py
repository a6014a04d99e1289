"""`load_demo` (what `make demo` runs): the accounts it prints, and running it again."""

import datetime

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from accounts import permissions
from league.demo.nights import tonight
from league.demo.seasons import demo_season
from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.models import League
from tournaments.demo import PROGRESSIVE
from tournaments.models import Tournament

DEMO_MODELS = [
    "auth.User",
    "accounts.Role",
    "league.League",
    "league.Season",
    "league.Team",
    "league.Player",
    "league.RosterEntry",
    "league.Fixture",
    "league.Waiver",
    "league.StandingsSnapshot",
    "league.Forfeit",
    "league.PlayoffMatch",
    "scoring.Game",
    "scoring.Scorecard",
    "scoring.ScorecardVersion",
    "tournaments.Tournament",
    "tournaments.Round",
    "tournaments.HeatMatch",
    "notices.Notice",
]


def _counts() -> dict[str, int]:
    return {label: apps.get_model(label).objects.count() for label in DEMO_MODELS}


@pytest.mark.django_db
def test_each_demo_account_logs_in_and_holds_its_roles(capsys, client):
    call_command("load_demo")
    out = capsys.readouterr().out
    for username in ("manager", "director", "scorekeeper", "captain", "player"):
        assert f"{username} / euchre-demo" in out
        assert client.login(username=username, password="euchre-demo"), username
    users = get_user_model().objects.in_bulk(
        ["manager", "director", "scorekeeper", "captain", "player"], field_name="username"
    )
    league = League.objects.get(slug="cca")
    assert permissions.can_manage_league(users["manager"], league)
    assert permissions.is_organiser(users["manager"]) and permissions.is_organiser(
        users["director"]
    )
    for event in Tournament.objects.all():
        assert permissions.can_run_tournament(users["director"], event)
        assert not permissions.can_run_tournament(users["scorekeeper"], event)
    progressive = Tournament.objects.get(slug=PROGRESSIVE)  # today's, beside the past nights
    assert permissions.can_keep_score(users["scorekeeper"], progressive)
    assert permissions.is_captain(users["captain"])
    assert permissions.role_names(users["player"]) == ["player"]
    assert not permissions.can_manage_league(users["director"], league)


@pytest.mark.django_db
def test_running_it_again_keeps_the_day_and_a_later_day_rebuilds_it(capsys, monkeypatch):
    call_command("load_demo")
    # Someone tries the demo: the captain enters tonight's card.
    fixture = tonight(demo_season()).demo
    captain = get_user_model().objects.get(username="captain")
    fixture_submit_scores(fixture=fixture, user=captain, scores=[GameScore(1, 10, 2)])
    counts = _counts()
    call_command("load_demo")  # `make demo` again the same day: nothing added, the card kept
    assert _counts() == counts
    assert fixture.fixture_games.get(number=1).game.scorecard.status == "submitted"

    # A Thursday five to six weeks on: then both demo seasons play on Thursdays.
    days = 35 + (3 - timezone.localdate().weekday()) % 7
    later = timezone.localdate() + datetime.timedelta(days=days)
    real_now = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real_now() + datetime.timedelta(days=days))
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "rebuilt for" in out
    rebuilt_tonight = tonight(demo_season()).demo
    assert rebuilt_tonight.date == later == timezone.localdate()
    assert not rebuilt_tonight.fixture_games.exists()  # yesterday's card went with the old demo
    progressive = Tournament.objects.get(slug=PROGRESSIVE)  # today's, beside the past nights
    assert progressive.date == later and progressive.current_round == 3
    assert League.objects.count() == 1
    rebuilt = _counts()
    for label in ("auth.User", "league.Player", "league.Team", "tournaments.Tournament"):
        assert rebuilt[label] == counts[label], label
