import pytest

from tournaments.leaderboard import GameLine, rank, validate_tiebreaks


def line(player, round_, points, won=False, lone=0):
    return GameLine(player=player, round=round_, points=points, won=won, lone_hands_made=lone)


def test_it_ranks_by_total_points_across_rounds():
    lines = [line(1, 1, 8), line(2, 1, 12), line(1, 2, 10), line(2, 2, 3)]
    standings = rank([1, 2], lines, [])
    assert [(s.player, s.points, s.place) for s in standings] == [(1, 18, 1), (2, 15, 2)]


def test_games_won_breaks_a_tie_before_lone_hands():
    lines = [line(1, 1, 10, won=True), line(2, 1, 10, won=False, lone=3)]
    standings = rank([1, 2], lines, ["games_won", "lone_hands_made"])
    assert [s.player for s in standings] == [1, 2]
    assert not standings[0].tied


def test_the_tiebreak_order_is_the_directors_choice():
    lines = [line(1, 1, 10, won=True), line(2, 1, 10, won=False, lone=3)]
    standings = rank([1, 2], lines, ["lone_hands_made", "games_won"])
    assert [s.player for s in standings] == [2, 1]


def test_players_level_on_every_metric_share_the_place():
    lines = [line(1, 1, 9), line(2, 1, 9), line(3, 1, 4)]
    standings = rank([1, 2, 3], lines, ["games_won"])
    assert [(s.place, s.tied) for s in standings] == [(1, True), (1, True), (3, False)]


def test_players_without_a_confirmed_game_are_listed_with_nothing():
    standings = rank([1, 2], [line(2, 1, 5)], [])
    assert [(s.player, s.points, s.rounds_played) for s in standings] == [(2, 5, 1), (1, 0, 0)]


def test_best_round_is_the_highest_single_round():
    standings = rank([1], [line(1, 1, 5), line(1, 2, 11), line(1, 3, 7)], ["best_round"])
    assert standings[0].best_round == 11
    assert standings[0].round_points == {1: 5, 2: 11, 3: 7}


def test_unknown_or_repeated_tiebreaks_are_refused():
    assert validate_tiebreaks(["games_won", "games_won"]) == ["Each tiebreak may appear once."]
    with pytest.raises(ValueError, match="Unknown tiebreak 'height'"):
        rank([1], [], ["height"])
