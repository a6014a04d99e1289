import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.brackets import (
    Source,
    advance,
    advance_series,
    build_bracket,
    champion,
    series_needs_game,
    series_winner,
    standard_seed_order,
)


def seeds(n):
    return [f"s{i}" for i in range(1, n + 1)]


def first_round_pairs(bracket):
    return [(m.seed_a, m.seed_b) for m in bracket.rounds()[0]]


def play_out(bracket, pick, which="main"):
    """Decide every ready match of ``which`` with ``pick(match)`` until none is left."""
    while True:
        ready = [m for m in bracket.matches if m.ready and m.bracket == which]
        if not ready:
            return bracket
        for m in ready:
            bracket = advance(bracket, m.id, pick(m))


def better_seed(m):
    return m.entrant_a if m.seed_a < m.seed_b else m.entrant_b


def test_standard_seed_order_is_the_classic_recursive_order():
    assert standard_seed_order(1) == [1]
    assert standard_seed_order(2) == [1, 2]
    assert standard_seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert standard_seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_standard_seed_order_refuses_a_size_that_is_not_a_power_of_two():
    with pytest.raises(ValueError, match="power of two"):
        standard_seed_order(12)


def test_twelve_entrants_give_byes_to_seeds_one_to_four():
    bracket = build_bracket(seeds(12))
    assert bracket.size == 16
    assert first_round_pairs(bracket) == [
        (1, None),
        (8, 9),
        (4, None),
        (5, 12),
        (2, None),
        (7, 10),
        (3, None),
        (6, 11),
    ]
    byes = [m for m in bracket.rounds()[0] if m.is_bye]
    assert [m.winner for m in byes] == ["s1", "s4", "s2", "s3"]
    second = bracket.rounds()[1]
    assert [m.entrant_a for m in second] == ["s1", "s4", "s2", "s3"]
    assert [m.source_b for m in second] == [
        Source("R1-M2"),
        Source("R1-M4"),
        Source("R1-M6"),
        Source("R1-M8"),
    ]


def test_two_entrants_play_one_final():
    bracket = build_bracket(["a", "b"])
    assert [[m.id for m in r] for r in bracket.rounds()] == [["R1-M1"]]
    assert champion(bracket) is None
    assert champion(advance(bracket, "R1-M1", "b")) == "b"


def test_three_entrants_give_the_top_seed_a_bye_into_the_final():
    bracket = build_bracket(seeds(3))
    assert first_round_pairs(bracket) == [(1, None), (2, 3)]
    bracket = advance(bracket, "R1-M2", "s3")
    final = bracket.match("R2-M1")
    assert (final.entrant_a, final.entrant_b, final.seed_b) == ("s1", "s3", 3)
    assert champion(advance(bracket, "R2-M1", "s3")) == "s3"


def test_five_entrants_leave_only_four_against_five_in_round_one():
    bracket = build_bracket(seeds(5))
    real = [m for m in bracket.rounds()[0] if not m.is_bye]
    assert [(m.seed_a, m.seed_b) for m in real] == [(4, 5)]
    assert sorted(m.seed_a for m in bracket.rounds()[0] if m.is_bye) == [1, 2, 3]


def test_sixteen_entrants_have_no_byes_and_fifteen_matches():
    bracket = build_bracket(seeds(16))
    assert not any(m.is_bye for m in bracket.matches)
    assert len(bracket.matches) == 15
    assert [len(r) for r in bracket.rounds()] == [8, 4, 2, 1]


def test_seventeen_entrants_leave_one_play_in_match_sixteen_against_seventeen():
    bracket = build_bracket(seeds(17))
    assert bracket.size == 32
    real = [m for m in bracket.rounds()[0] if not m.is_bye]
    assert [(m.seed_a, m.seed_b) for m in real] == [(16, 17)]
    winner = play_out(bracket, better_seed)
    assert champion(winner) == "s1"


def test_advance_is_pure_and_refuses_impossible_results():
    bracket = build_bracket(seeds(4))
    after = advance(bracket, "R1-M1", "s1")
    assert bracket.match("R1-M1").winner is None
    assert after.match("R1-M1").winner == "s1"
    with pytest.raises(ValueError, match="already decided"):
        advance(after, "R1-M1", "s4")
    with pytest.raises(ValueError, match="not playing"):
        advance(after, "R1-M2", "s1")
    with pytest.raises(ValueError, match="waiting"):
        advance(after, "R2-M1", "s1")
    with pytest.raises(ValueError, match="bye"):
        advance(build_bracket(seeds(3)), "R1-M1", "s1")


def test_series_winner_needs_a_majority_and_a_third_game_only_at_one_all():
    assert series_winner(["a", "a"]) == "a"
    assert series_winner(["a", "b"]) is None
    assert series_winner(["a", "b", "b"]) == "b"
    assert not series_needs_game(["b", "b"])
    assert series_needs_game(["a", "b"])
    assert series_needs_game(["a"])
    assert series_needs_game([])
    assert series_winner(["a", "b", "a", "b"], best_of=5) is None
    assert series_winner(["a", "b", "a", "a"], best_of=5) == "a"


def test_series_refuses_games_after_it_is_won_and_even_lengths():
    with pytest.raises(ValueError, match="already won"):
        series_winner(["a", "a", "b"])
    with pytest.raises(ValueError, match="odd"):
        series_winner(["a"], best_of=2)


def test_advance_series_takes_the_games_and_refuses_an_unfinished_series():
    bracket = build_bracket(["a", "b"])
    with pytest.raises(ValueError, match="not finished"):
        advance_series(bracket, "R1-M1", ["a", "b"])
    assert champion(advance_series(bracket, "R1-M1", ["a", "b", "b"])) == "b"


def test_the_consolation_bracket_collects_the_first_round_losers():
    bracket = build_bracket(seeds(8), consolation=True)
    cons = bracket.rounds("consolation")
    # underdog seeds: 5 (4v5), 6 (3v6), 7 (2v7), 8 (1v8) -> consolation seeds 1..4
    assert [(m.source_a, m.source_b) for m in cons[0]] == [
        (Source("R1-M2", "loser"), Source("R1-M1", "loser")),
        (Source("R1-M4", "loser"), Source("R1-M3", "loser")),
    ]
    bracket = play_out(bracket, better_seed)
    assert champion(bracket) == "s1"
    assert [(m.entrant_a, m.entrant_b) for m in bracket.rounds("consolation")[0]] == [
        ("s5", "s8"),
        ("s6", "s7"),
    ]
    bracket = play_out(bracket, better_seed, "consolation")
    assert champion(bracket, "consolation") == "s5"


def test_a_consolation_bracket_with_an_odd_number_of_losers_gives_a_bye():
    bracket = build_bracket(seeds(6), consolation=True)  # 3v6 and 4v5 are played
    bracket = play_out(bracket, better_seed)
    cons = bracket.rounds("consolation")
    assert [len(r) for r in cons] == [1]
    assert (cons[0][0].entrant_a, cons[0][0].entrant_b) == ("s5", "s6")
    seven = play_out(build_bracket(seeds(7), consolation=True), better_seed)
    first = seven.rounds("consolation")[0]
    assert [m.is_bye for m in first] == [True, False]
    assert first[0].winner == "s5"  # the bye went to consolation seed 1


def test_no_consolation_bracket_when_fewer_than_two_first_round_matches_are_played():
    assert build_bracket(seeds(5), consolation=True).rounds("consolation") == []


def test_too_few_or_repeated_entrants_are_refused():
    with pytest.raises(ValueError, match="at least two"):
        build_bracket(["a"])
    with pytest.raises(ValueError, match="twice"):
        build_bracket(["a", "b", "a"])


@given(st.integers(2, 70), st.randoms(use_true_random=False))
@settings(max_examples=120, deadline=None)
def test_the_top_two_seeds_can_only_meet_in_the_final(n, rnd):
    bracket = play_out(build_bracket(seeds(n)), lambda m: rnd.choice([m.entrant_a, m.entrant_b]))
    final_round = len(bracket.rounds())
    for m in bracket.matches:
        if {m.entrant_a, m.entrant_b} == {"s1", "s2"}:
            assert m.round == final_round
    played = [m for m in bracket.matches if not m.is_bye]
    assert len(played) == n - 1
    losers = [m.loser for m in played]
    assert sorted(losers + [champion(bracket)]) == sorted(seeds(n))


@given(st.integers(2, 70))
def test_byes_go_to_the_top_seeds_and_only_in_round_one(n):
    bracket = build_bracket(seeds(n))
    size = bracket.size
    byes = [m for m in bracket.matches if m.is_bye]
    assert all(m.round == 1 for m in byes)
    assert sorted(m.seed_a for m in byes) == list(range(1, size - n + 1))
