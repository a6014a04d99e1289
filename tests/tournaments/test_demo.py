import datetime

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from accounts import demo as accounts_demo
from accounts import permissions
from tournaments import demo
from tournaments.models import BracketMatch, HeatMatch, Round, Tournament
from tournaments.selectors import progressive_leaderboard

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded():
    accounts_demo.load()
    return demo.load()


def test_the_demo_has_one_event_of_each_format_run_by_the_demo_director(loaded):
    lines = loaded
    events = {t.format: t for t in Tournament.objects.select_related("director")}
    assert set(events) == {"progressive", "partner_bracket", "heats"}
    assert {t.director.username for t in events.values()} == {"director"}
    assert any("28 players" in line for line in lines)


def test_the_director_runs_every_demo_event_and_the_scorekeeper_the_progressive(loaded):
    users = get_user_model().objects.in_bulk(["director", "scorekeeper"], field_name="username")
    for event in Tournament.objects.all():
        assert permissions.can_run_tournament(users["director"], event)
        keeps = event.format == "progressive"
        assert permissions.can_keep_score(users["scorekeeper"], event) == keeps
        assert not permissions.can_run_tournament(users["scorekeeper"], event)


def test_the_progressive_demo_is_under_way_with_confirmed_rounds(loaded):
    tournament = Tournament.objects.get(format="progressive")
    assert tournament.date == timezone.localdate()
    assert tournament.entries.count() == 28 and tournament.current_round == 3
    assert Round.objects.filter(tournament=tournament, status="done").count() == 2
    board = progressive_leaderboard(tournament)
    assert board.rows[0].standing.points > 0
    assert board.rounds_scored == 3


def test_the_bracket_and_heats_demos_are_part_way(loaded):
    tens = Tournament.objects.get(format="partner_bracket")
    assert tens.entries.count() == 12
    second = BracketMatch.objects.filter(tournament=tens, bracket="main", round=2)
    assert all(m.top_id and m.bottom_id for m in second)
    cold = Tournament.objects.get(format="heats")
    assert cold.entries.count() == 20
    assert HeatMatch.objects.filter(heat__stage__tournament=cold).count() == 10


def _counts() -> tuple[int, ...]:
    return (Tournament.objects.count(), Round.objects.count(), HeatMatch.objects.count())


def test_loading_twice_changes_nothing(loaded):
    counts = _counts()
    demo.load()
    assert _counts() == counts


def test_loading_on_a_later_day_sets_the_events_up_again_for_that_day(loaded, monkeypatch):
    counts = _counts()
    real_now = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real_now() + datetime.timedelta(days=9))
    demo.load()
    assert _counts() == counts
    progressive = Tournament.objects.get(format="progressive")
    assert progressive.date == timezone.localdate() and progressive.current_round == 3
    director = get_user_model().objects.get(username="director")
    assert all(permissions.can_run_tournament(director, t) for t in Tournament.objects.all())


def test_every_demo_page_answers(loaded, client):
    for tournament in Tournament.objects.all():
        for name in ("detail", "big_screen"):
            url = reverse(f"tournaments:{name}", args=[tournament.slug])
            assert client.get(url).status_code == 200


def test_the_demo_reports_where_the_progressive_stands(loaded):
    lines = loaded
    assert any("round 3 of 8" in line for line in lines)
