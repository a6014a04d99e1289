"""A makeup game's results count in the live standings when the season says so, and
otherwise leave every figure as it was."""

import pytest

from league.nights.services.makeups import makeup_arrange
from league.seasons.models import Fixture
from league.standings.selectors import live_standings
from tests.league.night_factories import play, weeks_ago
from tests.league.nights.makeups.factories import forfeit_night

pytestmark = pytest.mark.django_db


def _before_and_after(counts: bool):
    """The standings with the announced forfeits booked, then after the makeup is played."""
    night = forfeit_night(counts=counts)
    fixture = makeup_arrange(
        by=night.manager, team_a=night.teams["A1"], team_b=night.teams["A3"], date=night.date
    )
    before = _rows(night)
    # The night comes and goes: the captains enter and confirm the makeup's cards.
    Fixture.objects.filter(pk=fixture.pk).update(date=weeks_ago(1))
    fixture.refresh_from_db()
    play(fixture, (10, 4), (10, 6), (7, 10))
    return before, _rows(night)


def _rows(night) -> dict[str, tuple[int, int, int]]:
    level = next(lv for lv in live_standings(night.season) if lv.level.name == "A")
    return {r.team_name: (r.fixtures_played, r.games_won, r.points_for) for r in level.rows}


def test_a_counting_makeups_results_appear_in_the_live_standings():
    before, after = _before_and_after(counts=True)
    assert before["A1"] == before["A3"] == (1, 3, 30)  # the forfeits against them
    assert after["A1"] == (2, 5, 57)
    assert after["A3"] == (2, 4, 50)


def test_a_makeup_that_doesnt_count_leaves_the_standings_alone():
    before, after = _before_and_after(counts=False)
    assert after == before
