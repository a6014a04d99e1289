"""The circle method: every pair meets once a cycle, byes are fair, home and away balance."""

from itertools import combinations

import pytest

from algorithms.round_robin import round_robin_round


@pytest.mark.parametrize("teams", [2, 3, 4, 7, 8, 13, 16])
def test_every_pair_meets_exactly_once_in_a_cycle(teams: int) -> None:
    cycle = teams - 1 if teams % 2 == 0 else teams
    met = [
        frozenset(pair)
        for rnd in range(cycle)
        for pair in round_robin_round(teams, rnd)
        if pair[1] is not None
    ]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in combinations(range(teams), 2)), key=sorted
    )


@pytest.mark.parametrize("teams", [3, 5, 9])
def test_each_team_has_one_bye_per_cycle_when_the_count_is_odd(teams: int) -> None:
    byes = [
        home for rnd in range(teams) for home, away in round_robin_round(teams, rnd) if away is None
    ]
    assert sorted(byes) == list(range(teams))


@pytest.mark.parametrize("teams", [4, 6, 8, 10])
def test_home_games_over_a_cycle_differ_by_at_most_one_between_teams(teams: int) -> None:
    home = dict.fromkeys(range(teams), 0)
    for rnd in range(teams - 1):
        for h, _ in round_robin_round(teams, rnd):
            home[h] += 1
    assert max(home.values()) - min(home.values()) <= 1


def test_one_team_is_a_bye_and_no_team_is_nothing() -> None:
    assert round_robin_round(1, 0) == [(0, None)]
    assert round_robin_round(0, 0) == []
