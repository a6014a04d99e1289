"""What a round sat out scores, and how it moves places and prizes (pure: no database)."""

from decimal import Decimal

import pytest

from algorithms.prizes import split_prizes
from tournaments.leaderboard import AVERAGE, FIXED, NOTHING, GameLine, SitOutPolicy, rank


def line(player, round_, points):
    return GameLine(player=player, round=round_, points=points, won=False)


# Player 1 plays rounds 1-3 (8 + 6 + 7 = 21) and sits out round 4; player 2 plays all four
# rounds for 24 points.
LINES = [line(1, 1, 8), line(1, 2, 6), line(1, 3, 7), *(line(2, r, 6) for r in (1, 2, 3, 4))]
SAT_OUT = {1: [4]}


def standings(policy: SitOutPolicy) -> dict:
    return {s.player: s for s in rank([1, 2], LINES, [], SAT_OUT, policy)}


def test_by_default_a_round_sat_out_scores_nothing():
    board = standings(SitOutPolicy())
    assert (board[1].points, board[1].sit_out_points, board[1].sat_out) == (21, 0, [4])
    assert (board[2].place, board[1].place) == (1, 2)


def test_an_average_sit_out_scores_the_players_average_per_round_played():
    board = standings(SitOutPolicy(AVERAGE))
    assert (board[1].sit_out_each, board[1].sit_out_points, board[1].points) == (7, 7, 28)
    assert board[1].game_points == 21 and board[1].rounds_played == 3
    assert (board[1].place, board[2].place) == (1, 2)


def test_an_average_is_kept_to_a_tenth_rounded_half_up():
    lines = [line(1, 1, 8), line(1, 2, 5), line(1, 3, 4)]  # 17 over 3 rounds: 5.666…
    (standing,) = rank([1], lines, [], {1: [4, 5]}, SitOutPolicy(AVERAGE))
    assert standing.sit_out_each == Decimal("5.7")
    assert standing.sit_out_points == Decimal("11.4")
    assert standing.points == Decimal("28.4")
    assert str(standing.points) == "28.4"


def test_a_whole_average_reads_as_a_whole_number():
    board = standings(SitOutPolicy(AVERAGE))
    assert isinstance(board[1].points, int) and str(board[1].points) == "28"


def test_a_player_who_has_played_nothing_yet_gets_no_average():
    (standing,) = rank([1], [], [], {1: [1]}, SitOutPolicy(AVERAGE))
    assert (standing.points, standing.sit_out_points) == (0, 0)


def test_a_fixed_sit_out_scores_the_same_for_every_round_sat_out():
    (standing,) = rank([1], [line(1, 1, 9)], [], {1: [2, 3]}, SitOutPolicy(FIXED, 4))
    assert (standing.sit_out_each, standing.sit_out_points, standing.points) == (4, 8, 17)


def test_a_round_sat_out_is_not_the_players_best_round_nor_a_round_played():
    (standing,) = rank([1], [line(1, 1, 3)], ["best_round"], {1: [2]}, SitOutPolicy(FIXED, 9))
    assert (standing.best_round, standing.rounds_played, standing.points) == (3, 1, 12)


def test_players_level_after_the_credit_share_the_place_and_the_prize():
    # Player 1: 21 + 3 fixed = 24, level with player 2's 24 over four rounds.
    ranked = rank([1, 2, 3], [*LINES, line(3, 1, 2)], [], SAT_OUT, SitOutPolicy(FIXED, 3))
    assert [(s.player, s.points, s.place, s.tied) for s in ranked[:2]] == [
        (1, 24, 1, True),
        (2, 24, 1, True),
    ]
    prizes = split_prizes([10000, 5000], [(s.player, s.place) for s in ranked])
    assert prizes == {1: 7500, 2: 7500, 3: 0}


def test_the_prize_split_follows_the_credited_ranking():
    nothing = rank([1, 2], LINES, [], SAT_OUT, SitOutPolicy(NOTHING))
    average = rank([1, 2], LINES, [], SAT_OUT, SitOutPolicy(AVERAGE))
    purse = [10000, 4000]
    assert split_prizes(purse, [(s.player, s.place) for s in nothing]) == {2: 10000, 1: 4000}
    assert split_prizes(purse, [(s.player, s.place) for s in average]) == {1: 10000, 2: 4000}


@pytest.mark.parametrize(
    ("policy", "text"),
    [
        (SitOutPolicy(), "scores nothing for it"),
        (SitOutPolicy(AVERAGE), "their average per round played"),
        (SitOutPolicy(FIXED, 1), "scores 1 point for it"),
        (SitOutPolicy(FIXED, 5), "scores 5 points for it"),
    ],
)
def test_each_policy_explains_itself_in_one_line(policy, text):
    assert text in policy.explain() and "\n" not in policy.explain()


def test_an_unknown_policy_or_negative_points_are_refused():
    with pytest.raises(ValueError, match="unknown sit-out policy"):
        SitOutPolicy("half")
    with pytest.raises(ValueError, match="negative"):
        SitOutPolicy(FIXED, -1)
