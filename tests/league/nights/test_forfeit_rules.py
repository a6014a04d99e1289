"""The season's forfeit policy as pure functions: which games, and what an offence costs."""

import pytest

from league.nights.forfeit_rules import (
    ForfeitPolicy,
    consequence,
    consequence_text,
    forfeit_clock,
    forfeited_games,
    loses_guarantee,
)

CCA = ForfeitPolicy()


@pytest.mark.parametrize(
    ("minutes", "games"),
    [
        (0, []),
        (9, []),
        (10, [1]),
        (19, [1]),
        (20, [1, 2]),
        (29, [1, 2]),
        (30, [1, 2, 3]),
        (95, [1, 2, 3]),
    ],
)
def test_lateness_forfeits_game_one_at_ten_game_two_at_twenty_and_all_at_thirty(minutes, games):
    assert forfeited_games(CCA, games=3, minutes_late=minutes) == games


def test_only_one_player_present_or_nobody_forfeits_all_three():
    assert forfeited_games(CCA, games=3, one_player=True) == [1, 2, 3]
    assert forfeited_games(CCA, games=3, no_show=True, minutes_late=0) == [1, 2, 3]


def test_the_thresholds_come_from_the_season():
    strict = ForfeitPolicy(game1_minutes=5, game2_minutes=10, all_minutes=15)
    assert forfeited_games(strict, games=3, minutes_late=10) == [1, 2]
    assert forfeited_games(strict, games=5, minutes_late=15) == [1, 2, 3, 4, 5]


def test_lateness_needs_a_number():
    with pytest.raises(ValueError):
        forfeited_games(CCA, games=3)
    with pytest.raises(ValueError):
        forfeited_games(CCA, games=3, minutes_late=-1)


def test_offences_escalate_loss_then_playoff_review_then_removal():
    assert [consequence(CCA, n) for n in (1, 2, 3, 4)] == [
        "loss",
        "playoff_review",
        "removal",
        "removal",
    ]


def test_more_than_one_forfeit_loses_the_guarantee():
    assert [loses_guarantee(n) for n in (0, 1, 2)] == [False, False, True]


def test_the_warning_says_what_comes_next():
    first = consequence_text(CCA, 1)
    assert "first forfeit" in first and "2 more forfeits" in first
    second = consequence_text(CCA, 2)
    assert "playoff place" in second and "no longer guaranteed" in second
    assert "1 more forfeit and" in second
    assert "removed from the league" in consequence_text(CCA, 3)


@pytest.mark.parametrize(
    ("minutes", "passed"),
    [(-5, []), (0, []), (9, []), (10, [10]), (19, [10]), (20, [10, 20]), (45, [10, 20, 30])],
)
def test_the_forfeit_clock_marks_each_threshold_passed(minutes, passed):
    steps = forfeit_clock(CCA, minutes)
    assert [step.minutes for step in steps] == [10, 20, 30]
    assert [step.minutes for step in steps if step.passed] == passed


def test_the_forfeit_clock_follows_the_seasons_thresholds_and_names_the_games_lost():
    steps = forfeit_clock(ForfeitPolicy(game1_minutes=15, game2_minutes=25, all_minutes=40), 26)
    assert [(s.minutes, s.games, s.passed) for s in steps] == [
        (15, "game 1", True),
        (25, "games 1 and 2", True),
        (40, "all games", False),
    ]
