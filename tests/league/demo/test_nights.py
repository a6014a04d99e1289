"""The demo's league nights: weeks of results, a forfeit, a dispute, standings, playoffs."""

import pytest
from django.core.management import call_command

from league.nights.models import FixtureGame, Forfeit
from league.nights.selectors.results import open_results
from league.playoffs.models import PlayoffBracket, PlayoffMatch
from league.seasons.models import Season
from league.standings.models import StandingsSnapshot
from scoring.models import Scorecard, ScorecardVersion

pytestmark = pytest.mark.django_db


def _counts():
    return (
        FixtureGame.objects.count(),
        ScorecardVersion.objects.count(),
        Forfeit.objects.count(),
        StandingsSnapshot.objects.count(),
        PlayoffMatch.objects.count(),
    )


def test_the_demo_season_has_weeks_of_results_a_forfeit_a_dispute_and_standings():
    call_command("load_demo")
    fall = Season.objects.get(league__slug="cca", slug="fall-2026")
    played_weeks = set(
        FixtureGame.objects.filter(fixture__season=fall).values_list("fixture__week", flat=True)
    )
    assert played_weeks == set(range(1, 12))
    forfeit = Forfeit.objects.get(fixture__season=fall)
    assert (forfeit.team.name, forfeit.games, forfeit.offense) == ("Marching Orders", [1, 2], 1)
    disputed = Scorecard.objects.filter(
        game__fixture_game__fixture__season=fall, status=Scorecard.Status.DISPUTED
    )
    assert disputed.count() == 1
    assert list(fall.snapshots.order_by("week").values_list("week", flat=True)) == [9, 10]
    waiting = {r.fixture.home.name for r in open_results(fall) if r.fixture.week == 11}
    assert waiting == {"Left Bowers", "Stick the Dealer", "Kitty Cats"}


def test_the_demo_playoffs_are_under_way():
    call_command("load_demo")
    thursday = Season.objects.get(league__slug="cca", slug="thursday-fall-2026")
    bracket = PlayoffBracket.objects.get(season=thursday)
    assert bracket.seeds.count() == 6 and bracket.champion is None
    first_round = bracket.matches.filter(round=1, is_bye=False)
    assert all(m.winner_id for m in first_round)
    assert {(m.top_wins, m.bottom_wins) for m in first_round} == {(2, 0), (2, 1)}
    semis = bracket.matches.filter(round=2)
    assert all(m.fixture_id and not m.winner_id for m in semis)
    assert thursday.snapshots.filter(week=thursday.weeks).exists()


def test_the_demo_nights_load_twice_without_duplicates():
    call_command("load_demo")
    counts = _counts()
    call_command("load_demo")
    assert _counts() == counts
