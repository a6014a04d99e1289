"""The pure proposal of makeup games for a night's teams without one."""

from hypothesis import given
from hypothesis import strategies as st

from league.nights.makeup_pairs import (
    BYE,
    FORFEITED_AGAINST,
    Waiting,
    fixture_level,
    may_pair,
    pair_of,
    propose_pairings,
)


def _fa(team: int, level: int | None = 1) -> Waiting:
    return Waiting(team, level, FORFEITED_AGAINST)


def _bye(team: int, level: int | None = 1) -> Waiting:
    return Waiting(team, level, BYE)


def _pairs(proposals) -> list[tuple[int, int]]:
    return [(p.home.team_id, p.away.team_id) for p in proposals.pairings]


def test_two_forfeited_against_teams_of_a_level_are_paired_before_a_bye_team():
    proposals = propose_pairings([_bye(1), _fa(5), _fa(3)])
    assert _pairs(proposals) == [(3, 5)]
    assert proposals.unpaired == []


def test_a_forfeited_against_team_is_paired_with_the_bye_team_when_alone():
    assert _pairs(propose_pairings([_fa(7), _bye(2)])) == [(2, 7)]


def test_two_bye_teams_are_never_proposed_together():
    proposals = propose_pairings([_bye(1), _bye(2)])
    assert proposals.pairings == []
    assert proposals.unpaired == []


def test_levels_stay_apart_unless_the_manager_allows_across():
    waiting = [_fa(1, level=1), _fa(2, level=2)]
    alone = propose_pairings(waiting)
    assert alone.pairings == [] and [w.team_id for w in alone.unpaired] == [1, 2]
    assert _pairs(propose_pairings(waiting, across_levels=True)) == [(1, 2)]


def test_same_level_comes_before_across_even_with_a_bye():
    waiting = [_fa(1, level=1), _fa(2, level=2), _bye(3, level=1)]
    assert _pairs(propose_pairings(waiting, across_levels=True)) == [(1, 3)]


def test_teams_that_already_meet_that_night_are_not_proposed():
    proposals = propose_pairings([_fa(1), _fa(2)], meets=[frozenset({1, 2})])
    assert proposals.pairings == []


def test_a_team_with_one_option_is_served_first():
    # 3 may meet only 1, and 4 only 2: pairing 1-2 by id would leave both without a game.
    waiting = [_fa(1), _fa(2), _fa(3), _fa(4)]
    meets = [frozenset({1, 4}), frozenset({2, 3}), frozenset({3, 4})]
    assert sorted(_pairs(propose_pairings(waiting, meets=meets))) == [(1, 3), (2, 4)]


def test_the_level_is_theirs_or_the_forfeited_against_teams():
    assert fixture_level(_fa(1, 4), _bye(2, 4)) == 4
    assert fixture_level(_bye(1, 4), _fa(2, 5)) == 5
    assert fixture_level(_fa(9, 4), _fa(2, 5)) == 5  # both: the lower id's
    assert pair_of(_fa(9), _fa(2)).home.team_id == 2


def test_a_hand_pick_refuses_the_same_team_and_a_pair_that_meets():
    assert not may_pair(_fa(1), _fa(1))
    assert not may_pair(_fa(1), _bye(2), meets=[frozenset({1, 2})])
    assert not may_pair(_fa(1, 1), _fa(2, 2))
    assert may_pair(_bye(1), _bye(2))


waiting_lists = st.lists(
    st.builds(
        Waiting,
        team_id=st.integers(1, 12),
        level_id=st.one_of(st.none(), st.integers(1, 3)),
        why=st.sampled_from([FORFEITED_AGAINST, BYE]),
    ),
    max_size=12,
    unique_by=lambda w: w.team_id,
)
meetings = st.lists(st.frozensets(st.integers(1, 12), min_size=2, max_size=2), max_size=10)


@given(waiting_lists, meetings, st.booleans())
def test_every_proposal_is_valid_and_no_pair_is_left_out(waiting, meets, across):
    proposals = propose_pairings(waiting, meets=meets, across_levels=across)
    seen: set[int] = set()
    for pairing in proposals.pairings:
        a, b = pairing.home, pairing.away
        assert a.team_id < b.team_id
        assert a.forfeited_against or b.forfeited_against
        assert may_pair(a, b, meets=meets, across_levels=across)
        assert not (pairing.team_ids & seen)
        seen |= pairing.team_ids
        assert pairing.level_id in (a.level_id, b.level_id)
    left = [w for w in waiting if w.team_id not in seen]
    for i, a in enumerate(left):
        for b in left[i + 1 :]:
            if a.forfeited_against or b.forfeited_against:
                assert not may_pair(a, b, meets=meets, across_levels=across)
    assert {w.team_id for w in proposals.unpaired} == {
        w.team_id for w in left if w.forfeited_against
    }


@given(waiting_lists, meetings)
def test_pairing_two_forfeited_against_teams_comes_before_a_bye(waiting, meets):
    """No bye team takes a same-level forfeited-against team's place while two of them
    that could have met are both left with a bye partner or none."""
    proposals = propose_pairings(waiting, meets=meets)
    paired_with_bye = {
        (p.home if p.home.forfeited_against else p.away).team_id
        for p in proposals.pairings
        if not (p.home.forfeited_against and p.away.forfeited_against)
    }
    paired = {t for p in proposals.pairings for t in p.team_ids}
    waiting_fa = [w for w in waiting if w.forfeited_against]
    for i, a in enumerate(waiting_fa):
        for b in waiting_fa[i + 1 :]:
            if a.team_id in paired_with_bye and b.team_id in paired_with_bye | (
                {w.team_id for w in waiting_fa} - paired
            ):
                assert not may_pair(a, b, meets=meets)
