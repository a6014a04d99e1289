import time

import pytest
from django.urls import reverse

from accounts import demo as accounts_demo
from tournaments import demo
from tournaments.models import BracketMatch, HeatMatch, Round, Tournament
from tournaments.selectors import progressive_leaderboard

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded():
    accounts_demo.load()
    started = time.monotonic()
    lines = demo.load()
    return lines, time.monotonic() - started


def test_the_demo_has_one_event_of_each_format_run_by_the_demo_director(loaded):
    lines, seconds = loaded
    assert seconds < 20
    events = {t.format: t for t in Tournament.objects.select_related("director")}
    assert set(events) == {"progressive", "partner_bracket", "heats"}
    assert {t.director.username for t in events.values()} == {"director"}
    assert any("28 players" in line for line in lines)


def test_the_progressive_demo_is_under_way_with_confirmed_rounds(loaded):
    tournament = Tournament.objects.get(format="progressive")
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


def test_loading_twice_changes_nothing(loaded):
    counts = (Tournament.objects.count(), Round.objects.count(), HeatMatch.objects.count())
    demo.load()
    assert (Tournament.objects.count(), Round.objects.count(), HeatMatch.objects.count()) == counts


def test_every_demo_page_answers(loaded, client):
    for tournament in Tournament.objects.all():
        for name in ("detail", "big_screen"):
            url = reverse(f"tournaments:{name}", args=[tournament.slug])
            assert client.get(url).status_code == 200


def test_the_demo_reports_where_the_progressive_stands(loaded):
    lines, _ = loaded
    assert any("round 3 of 8" in line for line in lines)
