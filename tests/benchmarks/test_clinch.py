"""The clinch benchmark at a tiny size, so it can't rot between runs."""

import argparse

from algorithms.clinch import clinch_status
from benchmarks.clinch import make_level, run


def test_the_quick_run_prints_every_case_and_meets_the_target(capsys):
    args = argparse.Namespace(levels=4, teams_per_level=125, weeks=20, left=10, seed=0, quick=True)
    assert run(args) is True
    printed = capsys.readouterr().out
    assert "2 levels of 12 teams, 3 weeks left" in printed
    assert "top 8" in printed and "the floor" in printed
    assert "one level of 20 teams, 40 fixtures left, top 4" in printed


def test_a_level_has_a_fixture_a_week_per_pair_of_teams_and_all_its_games_so_far():
    level = make_level(teams=9, played=4, left=3, seed=1)
    assert len(level.remaining) == 3 * 4  # nine teams: four fixtures a week, one bye
    assert sum(level.won.values()) == 4 * 4 * 3
    assert set(clinch_status(level.won, level.remaining, 1).values()) <= {
        "clinched",
        "eliminated",
        "alive",
    }
