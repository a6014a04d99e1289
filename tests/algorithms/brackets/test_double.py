"""Double elimination (algorithms.brackets.double)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.brackets import Source, advance, build_double, champion
from algorithms.brackets.double import GRAND_FINAL, RESET, is_void, structural_byes


def teams(n):
    return [f"t{i}" for i in range(1, n + 1)]


def play(bracket, pick, final=False):
    """Decide ready matches one at a time (earliest listed first) until none is left,
    the grand final and reset only when ``final``."""
    while ready := [m for m in bracket.matches if m.ready and (final or m.bracket != "final")]:
        bracket = advance(bracket, ready[0].id, pick(ready[0]))
    return bracket


def top_side(m):
    return m.entrant_a


def shape(bracket, which):
    return [len(r) for r in bracket.rounds(which)]


def test_eight_teams_make_three_winners_rounds_four_losers_rounds_and_a_final_with_reset():
    bracket = build_double(teams(8))

    assert shape(bracket, "main") == [4, 2, 1]
    assert shape(bracket, "losers") == [2, 2, 1, 1]
    assert [m.id for m in bracket.matches if m.bracket == "final"] == [GRAND_FINAL, RESET]
    first = bracket.rounds("losers")[0]
    assert [(m.source_a, m.source_b) for m in first] == [
        (Source("R1-M1", "loser"), Source("R1-M2", "loser")),
        (Source("R1-M3", "loser"), Source("R1-M4", "loser")),
    ]
    # Winners' round 2 losers drop in reversed, so teams who just met stay apart.
    assert [m.source_b for m in bracket.rounds("losers")[1]] == [
        Source("R2-M2", "loser"),
        Source("R2-M1", "loser"),
    ]
    assert bracket.match("L-R4-M1").source_b == Source("R3-M1", "loser")
    assert bracket.match(GRAND_FINAL).source_a == Source("R3-M1")
    assert bracket.match(GRAND_FINAL).source_b == Source("L-R4-M1")


def test_a_losers_bracket_team_that_wins_the_grand_final_forces_the_reset_match():
    bracket = play(build_double(teams(4)), top_side)
    final = bracket.match(GRAND_FINAL)
    assert champion(bracket) is None
    reset = bracket.match(RESET)
    assert not reset.ready and not reset.is_bye

    bracket = advance(bracket, GRAND_FINAL, final.entrant_b)
    reset = bracket.match(RESET)
    assert reset.ready
    assert (reset.entrant_a, reset.entrant_b) == (final.entrant_a, final.entrant_b)
    assert champion(bracket) is None
    assert champion(advance(bracket, RESET, final.entrant_b)) == final.entrant_b


def test_the_reset_match_is_void_when_the_winners_champion_takes_the_grand_final():
    bracket = play(build_double(teams(4)), top_side)
    bracket = advance(bracket, GRAND_FINAL, bracket.match(GRAND_FINAL).entrant_a)

    assert is_void(bracket.match(RESET))
    assert champion(bracket) == "t1"


def test_without_reset_the_grand_final_decides():
    bracket = play(build_double(teams(4), reset=False), top_side)
    final = bracket.match(GRAND_FINAL)

    assert RESET not in {m.id for m in bracket.matches}
    assert champion(advance(bracket, GRAND_FINAL, final.entrant_b)) == final.entrant_b


def test_twelve_teams_give_the_four_byes_to_the_top_seeds_and_bye_slots_in_the_losers_bracket():
    bracket = build_double(teams(12))

    assert bracket.size == 16
    byes = [m for m in bracket.rounds("main")[0] if m.is_bye]
    assert [m.entrant_a for m in byes] == ["t1", "t4", "t2", "t3"]
    structural, void = structural_byes(bracket)
    assert {m.id for m in bracket.rounds("losers")[0]} <= structural
    assert not void
    # A losers' round 1 match becomes a bye the moment its only team arrives.
    bracket = advance(bracket, "R1-M2", "t8")
    first = bracket.match("L-R1-M1")
    assert first.is_bye and first.entrant_a == "t9" and first.winner == "t9"
    assert bracket.match("L-R2-M1").entrant_a == "t9"


def test_two_byes_meeting_in_the_losers_bracket_make_a_void_match():
    bracket = build_double(teams(5))  # eight lines: byes for seeds 1, 2 and 3 (M1, M3, M4)

    _, void = structural_byes(bracket)
    assert void == {"L-R1-M2"}  # the losers of M3 and M4 never exist
    played = play(bracket, top_side, final=True)
    for match_id in void:
        m = played.match(match_id)
        assert is_void(m) and m.winner is None
    assert champion(played) == "t1"


def test_two_teams_play_the_final_then_meet_again_in_the_grand_final():
    bracket = advance(build_double(["a", "b"]), "R1-M1", "a")
    final = bracket.match(GRAND_FINAL)

    assert (final.entrant_a, final.entrant_b) == ("a", "b")
    assert shape(bracket, "losers") == []


def test_results_are_checked_like_single_elimination():
    bracket = build_double(teams(4))
    with pytest.raises(ValueError, match="waiting for an entrant"):
        advance(bracket, GRAND_FINAL, "t1")
    with pytest.raises(ValueError, match="not playing"):
        advance(bracket, "R1-M1", "t2")
    bracket = advance(bracket, "R1-M1", "t1")
    with pytest.raises(ValueError, match="already decided"):
        advance(bracket, "R1-M1", "t4")


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=33),
    seed=st.integers(min_value=0, max_value=10**6),
    reset=st.booleans(),
)
def test_any_field_played_any_way_ends_with_one_champion_and_nobody_out_before_two_losses(
    n, seed, reset
):
    rng = random.Random(seed)
    bracket = build_double(teams(n), reset=reset)
    losses: dict[str, int] = {}
    played = 0
    while ready := [m for m in bracket.matches if m.ready]:
        m = rng.choice(ready)
        assert losses.get(m.entrant_a, 0) < 2 and losses.get(m.entrant_b, 0) < 2
        winner = rng.choice([m.entrant_a, m.entrant_b])
        loser = m.entrant_b if winner == m.entrant_a else m.entrant_a
        losses[loser] = losses.get(loser, 0) + 1
        bracket = advance(bracket, m.id, winner)
        played += 1

    winner = champion(bracket)
    assert winner is not None
    assert all(m.winner is not None or is_void(m) for m in bracket.matches)
    twice = sorted(t for t, k in losses.items() if k == 2)
    assert losses.get(winner, 0) <= 1
    if reset:
        # Everyone but the champion loses twice; the champion lost once only if reset.
        assert twice == sorted(set(teams(n)) - {winner})
        assert played == 2 * n - 2 + losses.get(winner, 0)
    else:
        # The grand final decides: its loser may have lost only that once.
        assert len(twice) >= n - 2 and winner not in twice
        assert played == 2 * n - 2
