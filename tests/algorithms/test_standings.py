import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.standings import (
    SOS_EXPLANATION,
    GameRecord,
    StandingsConfig,
    compute_standings,
    seed_playoffs,
    strength_of_schedule,
)

LEVELS = {"A": "gold", "B": "gold", "C": "gold", "D": "gold"}


def fixture(fid, week, a, b, *scores, forfeit_game=None, forfeit_by=None):
    return [
        GameRecord(fid, week, a, b, sa, sb, forfeit_by if i == forfeit_game else None)
        for i, (sa, sb) in enumerate(scores)
    ]


# The hand-worked season (every number below is computed by hand in the comments):
#   F1 wk1 A-B: 10-6, 10-8, 7-10            A wins 2-1
#   F2 wk1 C-D: 10-2, 9-10, 10-5            C wins 2-1
#   F3 wk2 A-C: 10-4, 3-10, 9-10            C wins 2-1
#   F4 wk2 B-D: 10-5, 8-10, 10-0 (game 3 forfeited by D)   B wins 2-1
HAND_WORKED = [
    *fixture("F1", 1, "A", "B", (10, 6), (10, 8), (7, 10)),
    *fixture("F2", 1, "C", "D", (10, 2), (9, 10), (10, 5)),
    *fixture("F3", 2, "A", "C", (10, 4), (3, 10), (9, 10)),
    *fixture("F4", 2, "B", "D", (10, 5), (8, 10), (10, 0), forfeit_game=2, forfeit_by="D"),
]


def by_team(rows):
    return {row.team: row for row in rows}


def test_the_hand_worked_records_count_forfeited_games_as_losses():
    rows = by_team(compute_standings(HAND_WORKED, LEVELS)["gold"])
    # games: A 3-3, B 3-3 (incl. the forfeit win), C 4-2, D 2-4 (incl. the forfeit)
    assert [(rows[t].games_won, rows[t].games_lost) for t in "ABCD"] == [
        (3, 3),
        (3, 3),
        (4, 2),
        (2, 4),
    ]
    assert [rows[t].win_pct for t in "ABCD"] == [F(1, 2), F(1, 2), F(2, 3), F(1, 3)]
    # fixtures: A won F1 lost F3; B lost F1 won F4; C won both; D lost both
    assert [(rows[t].fixtures_won, rows[t].fixtures_lost) for t in "ABCD"] == [
        (1, 1),
        (1, 1),
        (2, 0),
        (0, 2),
    ]
    assert all(rows[t].fixtures_played == 2 and rows[t].fixtures_tied == 0 for t in "ABCD")
    # points for/against: A 27+22 / 24+24, B 24+28 / 27+15, C 29+24 / 17+22, D 17+15 / 29+28
    assert [(rows[t].points_for, rows[t].points_against) for t in "ABCD"] == [
        (49, 48),
        (52, 42),
        (53, 39),
        (32, 57),
    ]
    assert [rows[t].differential for t in "ABCD"] == [1, 10, 14, -25]
    assert [rows[t].forfeits for t in "ABCD"] == [0, 0, 0, 1]
    assert [rows[t].points for t in "ABCD"] == [3, 3, 4, 2]


def test_the_hand_worked_owp_and_oowp_leave_out_the_forfeit_and_games_against_the_team():
    owp, oowp = strength_of_schedule(HAND_WORKED)
    # Records without the forfeited game: A 3-3, B 2-3, C 4-2, D 2-3.
    # OWP(A): B x3 games, B without A = F4 1-1 -> 1/2; C x3, C without A = F2 2-1 -> 2/3
    #         (3*1/2 + 3*2/3) / 6 = 7/12
    # OWP(B): A x3, A without B = F3 1-2 -> 1/3; D x2 (forfeit left out), D without B
    #         = F2 1-2 -> 1/3;  (3*1/3 + 2*1/3) / 5 = 1/3
    # OWP(C): D x3, D without C = F4 1-1 -> 1/2; A x3, A without C = F1 2-1 -> 2/3 -> 7/12
    # OWP(D): C x3, C without D = F3 2-1 -> 2/3; B x2, B without D = F1 1-2 -> 1/3
    #         (3*2/3 + 2*1/3) / 5 = 8/15
    assert owp == {"A": F(7, 12), "B": F(1, 3), "C": F(7, 12), "D": F(8, 15)}
    # OOWP(A) = (3*OWP(B) + 3*OWP(C)) / 6 = (1 + 7/4) / 6 = 11/24
    # OOWP(B) = (3*OWP(A) + 2*OWP(D)) / 5 = (7/4 + 16/15) / 5 = 169/300
    # OOWP(C) = (3*OWP(D) + 3*OWP(A)) / 6 = (8/5 + 7/4) / 6 = 67/120
    # OOWP(D) = (3*OWP(C) + 2*OWP(B)) / 5 = (7/4 + 2/3) / 5 = 29/60
    assert oowp == {"A": F(11, 24), "B": F(169, 300), "C": F(67, 120), "D": F(29, 60)}
    rows = by_team(compute_standings(HAND_WORKED, LEVELS)["gold"])
    assert [(rows[t].sos, rows[t].oowp) for t in "ABCD"] == [(owp[t], oowp[t]) for t in "ABCD"]


def test_head_to_head_among_the_tied_pair_puts_a_above_b():
    config = StandingsConfig(primary="win_pct", tiebreaks=["head_to_head"])
    rows = compute_standings(HAND_WORKED, LEVELS, config)["gold"]
    # A and B are both 3-3; A took 2 of their 3 games against each other.
    assert [(r.team, r.rank) for r in rows] == [("C", 1), ("A", 2), ("B", 3), ("D", 4)]


def test_differential_as_the_only_tiebreak_puts_b_above_a():
    config = StandingsConfig(primary="win_pct", tiebreaks=("differential",))
    rows = compute_standings(HAND_WORKED, LEVELS, config)["gold"]
    assert [(r.team, r.rank) for r in rows] == [("C", 1), ("B", 2), ("A", 3), ("D", 4)]


def test_without_tiebreaks_equal_teams_share_a_rank_and_the_next_rank_is_skipped():
    config = StandingsConfig(primary="points", tiebreaks=())
    rows = compute_standings(HAND_WORKED, LEVELS, config)["gold"]
    assert [(r.team, r.rank) for r in rows] == [("C", 1), ("A", 2), ("B", 2), ("D", 4)]


def test_teams_level_on_every_tiebreak_share_a_rank_one_two_two_four():
    games = [
        *fixture("f1", 1, "A", "B", (10, 5), (10, 5), (10, 5)),
        *fixture("f2", 1, "A", "C", (10, 5), (10, 5), (10, 5)),
        # B and C both beat D 2-1, D's single wins are narrow: D is 2-4 like B and C
        *fixture("f3", 2, "B", "D", (10, 2), (10, 2), (9, 10)),
        *fixture("f4", 2, "C", "D", (10, 2), (10, 2), (9, 10)),
    ]
    config = StandingsConfig(tiebreaks=("head_to_head", "differential"))
    rows = compute_standings(games, LEVELS, config)["gold"]
    # B, C, D are tied on 2-4; inside that group B and C won 2 games each and D won 2:
    # still tied, so differential decides: B 0, C 0, D -30.
    assert [(r.team, r.rank) for r in rows] == [("A", 1), ("B", 2), ("C", 2), ("D", 4)]


def test_a_split_fixture_is_a_tie_and_fixture_points_are_configurable():
    games = fixture("f1", 1, "A", "B", (10, 5), (4, 10))
    config = StandingsConfig(
        points_per_game_win=1, points_per_fixture_win=3, points_per_fixture_tie=1
    )
    rows = by_team(compute_standings(games, {"A": "x", "B": "x"}, config)["x"])
    assert (rows["A"].fixtures_tied, rows["A"].fixtures_won, rows["A"].points) == (1, 0, 2)


def test_a_three_game_fixture_is_won_by_taking_two_games():
    games = fixture("f1", 1, "A", "B", (10, 5), (4, 10), (10, 9))
    rows = by_team(compute_standings(games, {"A": "x", "B": "x"})["x"])
    assert (rows["A"].fixtures_won, rows["B"].fixtures_lost) == (1, 1)


def test_a_forfeited_game_is_lost_by_the_forfeiting_team_whatever_the_score():
    games = [GameRecord("f", 1, "A", "B", 7, 3, forfeit_by="A")]
    rows = by_team(compute_standings(games, {"A": "x", "B": "x"})["x"])
    assert (rows["A"].games_lost, rows["B"].games_won, rows["A"].forfeits) == (1, 1, 1)


def test_removed_teams_get_no_row_but_their_games_still_count_for_opponents():
    rows = by_team(compute_standings(HAND_WORKED, LEVELS, removed={"D"})["gold"])
    assert set(rows) == {"A", "B", "C"}
    assert rows["B"].games_won == 3 and rows["C"].sos == F(7, 12)


def test_through_week_limits_the_snapshot_to_earlier_weeks():
    rows = by_team(compute_standings(HAND_WORKED, LEVELS, through_week=1)["gold"])
    assert (rows["A"].games_won, rows["A"].fixtures_played) == (2, 1)


def test_each_level_is_ranked_separately_and_teams_without_games_appear():
    levels = {"A": "gold", "B": "gold", "C": "silver", "D": "silver", "E": "silver"}
    games = [*fixture("f1", 1, "A", "B", (10, 1)), *fixture("f2", 1, "C", "D", (1, 10))]
    table = compute_standings(games, levels)
    assert [(r.team, r.rank) for r in table["gold"]] == [("A", 1), ("B", 2)]
    # C (0-1) and E (no games) both have win_pct 0; E's differential 0 beats C's -9
    assert [r.team for r in table["silver"]] == ["D", "E", "C"]
    assert table["silver"][2].win_pct == 0 and table["silver"][2].sos == 0


@pytest.mark.parametrize(
    "game, message",
    [
        (GameRecord("f", 1, "A", "B", 10, 10), "needs a winner"),
        (GameRecord("f", 1, "A", "Z", 10, 2), "has no level"),
        (GameRecord("f", 1, "A", "B", 10, 2, forfeit_by="C"), "not in the game"),
        (GameRecord("f", 1, "A", "A", 10, 2), "itself"),
    ],
)
def test_impossible_games_are_refused(game, message):
    with pytest.raises(ValueError, match=message):
        compute_standings([game], LEVELS)


def test_unknown_tiebreak_names_are_refused():
    with pytest.raises(ValueError, match="unknown tiebreak"):
        StandingsConfig(tiebreaks=("coin_toss",))


def test_playoff_seeds_follow_rank_then_sos_and_skip_ineligible_teams():
    config = StandingsConfig(primary="points", tiebreaks=())
    rows = compute_standings(HAND_WORKED, LEVELS, config)["gold"]
    # A and B share rank 2; A's SOS 7/12 beats B's 1/3.
    assert seed_playoffs(rows) == ["C", "A", "B", "D"]
    assert seed_playoffs(rows, ineligible={"A"}) == ["C", "B", "D"]
    assert seed_playoffs(rows, limit=2) == ["C", "A"]


def test_after_the_first_week_no_sos_is_measured_and_after_the_second_every_one_is():
    week_one = compute_standings(HAND_WORKED, LEVELS, through_week=1)["gold"]
    assert {(r.team, r.sos, r.sos_measured, r.oowp_measured) for r in week_one} == {
        (team, 0, False, False) for team in "ABCD"
    }
    rows = by_team(compute_standings(HAND_WORKED, LEVELS)["gold"])
    assert all(rows[t].sos_measured and rows[t].oowp_measured for t in "ABCD")


def test_a_team_without_a_game_has_nothing_measured():
    rows = by_team(compute_standings(HAND_WORKED, {**LEVELS, "E": "gold"})["gold"])
    assert (rows["E"].sos, rows["E"].sos_measured, rows["E"].oowp_measured) == (0, False, False)


def test_oowp_is_measured_once_an_opponents_sos_is():
    # A and B meet twice; B also beats C. A's only opponent (B) played C: A's SOS is measured.
    # C's only opponent B played A: C's SOS is measured. B's opponents A and C both played
    # B alone, so B's SOS is not; A's OOWP (over B's SOS) is not measured either.
    games = [*fixture("F1", 1, "A", "B", (10, 6)), *fixture("F2", 2, "B", "C", (10, 2))]
    rows = by_team(compute_standings(games, dict.fromkeys("ABC", "x"))["x"])
    assert [rows[t].sos_measured for t in "ABC"] == [True, False, True]
    assert [rows[t].oowp_measured for t in "ABC"] == [False, True, False]


def test_the_sos_explanation_is_plain_words_for_the_standings_page():
    assert "opponents" in SOS_EXPLANATION and "forfeit" in SOS_EXPLANATION.lower()


# --- properties -----------------------------------------------------------------

TEAMS = list("ABCDEFG")


@st.composite
def seasons(draw):
    games = []
    for fid in range(draw(st.integers(0, 14))):
        a, b = draw(st.lists(st.sampled_from(TEAMS), min_size=2, max_size=2, unique=True))
        for _ in range(draw(st.integers(1, 3))):
            sa, sb = draw(st.sampled_from([(10, 4), (6, 10), (11, 9), (10, 0)]))
            forfeit = draw(st.sampled_from([None, None, None, a, b]))
            games.append(GameRecord(fid, fid // 3 + 1, a, b, sa, sb, forfeit))
    return games


def naive_owp(games, team, measured=False):
    # Straight from the definition, quadratic on purpose; `measured`: whether any game
    # gave a percentage to take.
    fair = [g for g in games if g.forfeit_by is None]
    values = []
    for g in fair:
        if team not in (g.team_a, g.team_b):
            continue
        opponent = g.team_b if g.team_a == team else g.team_a
        others = [
            h for h in fair if opponent in (h.team_a, h.team_b) and team not in (h.team_a, h.team_b)
        ]
        if others:
            values.append(F(sum(h.winner == opponent for h in others), len(others)))
    if measured:
        return bool(values)
    return sum(values, F(0)) / len(values) if values else F(0)


@given(seasons())
@settings(max_examples=100, deadline=None)
def test_owp_matches_the_definition_computed_the_slow_way(games):
    owp, _ = strength_of_schedule(games)
    rows = by_team(compute_standings(games, dict.fromkeys(TEAMS, "x"))["x"])
    for team in TEAMS:
        assert owp.get(team, F(0)) == naive_owp(games, team)
        assert rows[team].sos_measured == naive_owp(games, team, measured=True)


@given(
    seasons(),
    st.sampled_from(["win_pct", "points"]),
    st.permutations(["head_to_head", "sos", "oowp", "differential", "points_for"]),
)
@settings(max_examples=100, deadline=None)
def test_ranks_are_competition_ranks_and_records_add_up(games, primary, tiebreaks):
    config = StandingsConfig(primary=primary, tiebreaks=tuple(tiebreaks[:3]))
    rows = compute_standings(games, dict.fromkeys(TEAMS, "x"), config)["x"]
    assert sorted(r.team for r in rows) == TEAMS
    for i, row in enumerate(rows):
        assert row.rank == 1 + next(j for j, r in enumerate(rows) if r.rank == row.rank)
        assert 0 <= row.win_pct <= 1 and 0 <= row.sos <= 1 and 0 <= row.oowp <= 1
        if i:
            assert getattr(rows[i - 1], primary) >= getattr(row, primary)
            assert rows[i - 1].rank <= row.rank
    assert sum(r.games_won for r in rows) == sum(r.games_lost for r in rows) == len(games)
    assert sum(r.differential for r in rows) == 0


@given(seasons(), st.randoms())
@settings(max_examples=50, deadline=None)
def test_the_order_games_arrive_in_does_not_change_the_standings(games, rnd):
    shuffled = list(games)
    rnd.shuffle(shuffled)
    levels = dict.fromkeys(TEAMS, "x")
    assert compute_standings(games, levels) == compute_standings(shuffled, levels)


def test_five_hundred_teams_over_twenty_weeks_are_all_ranked():
    """Its speed is measured by benchmarks/standings.py, not here."""
    rng = random.Random(7)
    teams = [f"t{i}" for i in range(500)]
    games = []
    for week in range(1, 21):
        rng.shuffle(teams)
        for n in range(0, 500, 2):
            for _ in range(3):
                sa, sb = (10, rng.randint(0, 9)) if rng.random() < 0.5 else (rng.randint(0, 9), 10)
                games.append(GameRecord((week, n), week, teams[n], teams[n + 1], sa, sb))
    table = compute_standings(games, dict.fromkeys(teams, "all"))
    assert len(table["all"]) == 500
    assert sum(r.games_won for r in table["all"]) == 15000
