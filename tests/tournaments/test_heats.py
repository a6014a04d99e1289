import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.heats import (
    COLD_BUTT_STAGES,
    MatchResult,
    Stage,
    advancers,
    plan_stage,
)


def teams(n):
    return [f"t{i:02d}" for i in range(1, n + 1)]


def play(plan, loser_score):
    """team_a wins every match 10-x, x from ``loser_score(match)``."""
    return [MatchResult(m.id, 10, loser_score(m)) for m in plan.matches]


def test_the_cold_butt_preset_follows_seed_003():
    kinds = [(s.kind, s.heat_size, s.advance_count, s.target) for s in COLD_BUTT_STAGES]
    assert kinds == [
        ("match_winners", 10, None, 10),  # two first-round heats of ten, winners advance
        ("top_by_differential", None, 4, 10),  # top four with 10 and best differential
        ("first_to_target", None, 2, 10),  # first two teams to 10
        ("final", None, None, 10),  # first to 10 wins
    ]


def test_twenty_teams_make_two_heats_of_ten_in_round_one():
    plan = plan_stage(COLD_BUTT_STAGES[0], teams(20))
    assert plan.bye is None
    assert [h.teams for h in plan.heats] == [tuple(teams(20)[:10]), tuple(teams(20)[10:])]
    assert [len(h.matches) for h in plan.heats] == [5, 5]
    assert (plan.matches[0].team_a, plan.matches[0].team_b) == ("t01", "t02")


def test_a_twenty_team_cold_butt_runs_to_one_winner():
    field = teams(20)
    round_one = plan_stage(COLD_BUTT_STAGES[0], field)
    through = advancers(COLD_BUTT_STAGES[0], round_one, play(round_one, lambda m: 5))
    assert through == field[0::2]  # every team_a won

    round_two = plan_stage(COLD_BUTT_STAGES[1], through)
    assert len(round_two.matches) == 5
    # differentials +9, +1, +7, +3, +5 -> the four best are matches 1, 3, 5, 4
    margins = {"H1-M1": 1, "H1-M2": 9, "H1-M3": 3, "H1-M4": 7, "H1-M5": 5}
    through = advancers(COLD_BUTT_STAGES[1], round_two, play(round_two, lambda m: margins[m.id]))
    assert through == ["t01", "t09", "t13", "t17"]

    round_three = plan_stage(COLD_BUTT_STAGES[2], through)
    results = [MatchResult("H1-M2", 4, 10), MatchResult("H1-M1", 10, 8)]  # M2 finished first
    through = advancers(COLD_BUTT_STAGES[2], round_three, results)
    assert through == ["t01", "t17"]

    final = plan_stage(COLD_BUTT_STAGES[3], through)
    assert [(m.team_a, m.team_b) for m in final.matches] == [("t01", "t17")]
    assert advancers(COLD_BUTT_STAGES[3], final, [MatchResult("H1-M1", 7, 10)]) == ["t17"]


def test_a_twenty_one_team_cold_butt_gives_the_first_registered_team_the_bye():
    field = teams(21)
    round_one = plan_stage(COLD_BUTT_STAGES[0], field)
    assert round_one.bye == "t01"
    assert [len(h.teams) for h in round_one.heats] == [10, 10]
    through = advancers(COLD_BUTT_STAGES[0], round_one, play(round_one, lambda m: 6))
    assert len(through) == 11 and through[0] == "t01"

    # eleven teams: the bye passes to the first team that has not had one
    round_two = plan_stage(COLD_BUTT_STAGES[1], through, previous_byes={"t01"})
    assert round_two.bye == "t02"
    through = advancers(COLD_BUTT_STAGES[1], round_two, play(round_two, lambda m: 9))
    assert len(through) == 4 and "t02" not in through  # the bye ranks below every winner

    round_three = plan_stage(COLD_BUTT_STAGES[2], through)
    through = advancers(COLD_BUTT_STAGES[2], round_three, play(round_three, lambda m: 0))
    final = plan_stage(COLD_BUTT_STAGES[3], through)
    (winner,) = advancers(COLD_BUTT_STAGES[3], final, play(final, lambda m: 2))
    assert winner == final.matches[0].team_a


def test_first_to_target_uses_finish_stamps_over_report_order():
    stage = Stage("first_to_target", advance_count=2)
    plan = plan_stage(stage, teams(6))
    results = [
        MatchResult("H1-M1", 10, 3, finished_at=30.0),
        MatchResult("H1-M2", 2, 10, finished_at=10.0),
        MatchResult("H1-M3", 10, 9, finished_at=20.0),
    ]
    assert advancers(stage, plan, results) == ["t04", "t05"]


def test_first_to_target_is_decided_before_the_last_match_ends():
    stage = Stage("first_to_target", advance_count=2)
    plan = plan_stage(stage, teams(6))
    results = [MatchResult("H1-M3", 10, 1), MatchResult("H1-M1", 0, 10)]
    assert advancers(stage, plan, results) == ["t02", "t05"]
    with pytest.raises(ValueError, match="waiting for 2"):
        advancers(stage, plan, results[:1])


def test_top_by_differential_breaks_level_margins_by_who_finished_first():
    stage = Stage("top_by_differential", advance_count=1)
    plan = plan_stage(stage, teams(4))
    results = [MatchResult("H1-M2", 10, 6), MatchResult("H1-M1", 10, 6)]
    assert advancers(stage, plan, results) == ["t03"]


def test_top_by_differential_waits_for_every_match():
    stage = Stage("top_by_differential", advance_count=1)
    plan = plan_stage(stage, teams(4))
    with pytest.raises(ValueError, match="waiting for 1"):
        advancers(stage, plan, [MatchResult("H1-M2", 10, 0)])


def test_scores_beyond_the_target_count_in_the_differential():
    stage = Stage("top_by_differential", advance_count=1)
    plan = plan_stage(stage, teams(4))
    results = [MatchResult("H1-M1", 10, 5), MatchResult("H1-M2", 13, 7)]  # loner at 9
    assert advancers(stage, plan, results) == ["t03"]


@pytest.mark.parametrize(
    "result, message",
    [
        (MatchResult("H1-M1", 10, 10), "not a finished"),
        (MatchResult("H1-M1", 9, 8), "not a finished"),
        (MatchResult("H9-M1", 10, 0), "no match"),
    ],
)
def test_impossible_results_are_refused(result, message):
    plan = plan_stage(COLD_BUTT_STAGES[0], teams(4))
    with pytest.raises(ValueError, match=message):
        advancers(COLD_BUTT_STAGES[0], plan, [result])


def test_a_match_reported_twice_is_refused():
    plan = plan_stage(COLD_BUTT_STAGES[0], teams(2))
    twice = [MatchResult("H1-M1", 10, 0), MatchResult("H1-M1", 10, 0)]
    with pytest.raises(ValueError, match="twice"):
        advancers(COLD_BUTT_STAGES[0], plan, twice)


def test_mixing_stamped_and_unstamped_results_is_refused():
    stage = Stage("first_to_target", advance_count=1)
    plan = plan_stage(stage, teams(4))
    mixed = [MatchResult("H1-M1", 10, 0, finished_at=1.0), MatchResult("H1-M2", 10, 0)]
    with pytest.raises(ValueError, match="stamp"):
        advancers(stage, plan, mixed)


def test_a_lone_team_wins_a_final_without_playing():
    plan = plan_stage(COLD_BUTT_STAGES[3], ["solo"])
    assert plan.bye == "solo" and plan.matches == ()
    assert advancers(COLD_BUTT_STAGES[3], plan, []) == ["solo"]


def test_stage_definitions_are_checked():
    with pytest.raises(ValueError, match="advance_count"):
        Stage("top_by_differential")
    with pytest.raises(ValueError, match="unknown stage kind"):
        Stage("swiss")  # type: ignore[arg-type]


@given(st.integers(1, 80), st.integers(2, 12))
def test_every_team_plays_once_or_has_the_bye_and_heats_stay_within_size(n, heat_size):
    plan = plan_stage(Stage("match_winners", heat_size=heat_size), teams(n))
    seated = [t for m in plan.matches for t in (m.team_a, m.team_b)]
    assert sorted(seated + ([plan.bye] if plan.bye else [])) == teams(n)
    assert (plan.bye is not None) == (n % 2 == 1)
    sizes = [len(h.teams) for h in plan.heats]
    assert all(size % 2 == 0 and size <= max(heat_size, 2) for size in sizes)
    if sizes:
        assert max(sizes) - min(sizes) <= 2


@given(st.integers(1, 60), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_any_cold_butt_field_ends_with_exactly_one_winner(n, rnd: random.Random):
    field, byes = teams(n), set()
    for stage in COLD_BUTT_STAGES:
        plan = plan_stage(stage, field, previous_byes=byes)
        byes |= {plan.bye} if plan.bye else set()
        results = [
            MatchResult(m.id, *rnd.choice([(10, rnd.randint(0, 9)), (rnd.randint(0, 9), 10)]))
            for m in plan.matches
        ]
        rnd.shuffle(results)
        through = advancers(stage, plan, results)
        assert set(through) <= set(field)
        assert through == sorted(through)  # registration order is kept
        field = through
    assert len(field) == 1
