"""The demo's league nights: weeks of results, tonight's cards, nights ahead, playoffs."""

import pytest
from django.utils import timezone

from league.demo.dates import TONIGHT_WEEK, DemoDates
from league.demo.nights import tonight
from league.demo.seasons import demo_season
from league.nights.models import FixtureGame, Forfeit
from league.nights.selectors.results import open_results
from league.playoffs.models import PlayoffBracket
from league.seasons.models import Fixture, Season
from scoring.models import Scorecard

pytestmark = pytest.mark.django_db


def test_past_weeks_are_played_and_the_last_two_published(demo_today):
    season = demo_season()
    today = timezone.localdate()
    past = season.fixtures.filter(date__lt=today, away__isnull=False)
    assert set(past.values_list("week", flat=True)) == set(range(1, TONIGHT_WEEK))
    assert not past.exclude(status=Fixture.Status.PLAYED).exists()
    assert list(season.snapshots.order_by("week").values_list("week", flat=True)) == [7, 8]


def test_tonight_has_a_card_to_enter_one_to_confirm_a_dispute_and_a_forfeit(demo_today):
    season = demo_season()
    night = tonight(season)
    today = timezone.localdate()
    assert {f.date for f in (night.demo, night.waiting, night.disputed)} == {today}
    assert not FixtureGame.objects.filter(fixture=night.demo).exists()
    forfeit = Forfeit.objects.get(fixture__season=season, fixture__date=today)
    assert (forfeit.fixture, forfeit.games, forfeit.offense) == (night.forfeited, [1, 2], 1)
    disputed = Scorecard.objects.filter(
        game__fixture_game__fixture__season=season, status=Scorecard.Status.DISPUTED
    )
    assert [c.game.fixture_game.fixture for c in disputed] == [night.disputed]
    waiting = {r.fixture for r in open_results(season) if r.fixture.date == today}
    assert {night.waiting, night.disputed} <= waiting
    assert night.confirmed.status == Fixture.Status.PLAYED


def test_nights_ahead_are_scheduled_around_a_blackout(demo_today):
    season = demo_season()
    dates = DemoDates(timezone.localdate())
    ahead = season.fixtures.filter(date__gt=dates.today).values_list("week", "date").distinct()
    assert sorted({week for week, _ in ahead}) == list(range(TONIGHT_WEEK + 1, 13))
    assert season.special_dates.filter(date=dates.blackout, kind="blackout").exists()
    assert season.special_dates.filter(date=dates.makeup, kind="makeup").exists()


def test_the_thursday_playoffs_start_tonight(demo_today):
    thursday = Season.objects.get(league__slug="cca", name__startswith="Thursday")
    bracket = PlayoffBracket.objects.get(season=thursday)
    assert bracket.seeds.count() == 6 and bracket.champion is None
    first_round = bracket.matches.filter(round=1, is_bye=False)
    assert all(m.winner_id for m in first_round)
    assert {(m.top_wins, m.bottom_wins) for m in first_round} == {(2, 0), (2, 1)}
    assert {m.fixture.date for m in first_round} == {timezone.localdate()}
    semis = bracket.matches.filter(round=2)
    assert all(m.fixture_id and not m.winner_id for m in semis)
    assert thursday.snapshots.filter(week=thursday.weeks).exists()
    last_regular = thursday.fixtures.filter(stage="regular").order_by("-date").first().date
    assert last_regular < timezone.localdate()
