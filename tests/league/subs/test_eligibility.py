"""The sub finder's pure rules: who may be asked for a fixture, and why not the others."""

import datetime

from hypothesis import given
from hypothesis import strategies as st

from league.subs import eligibility as e

NIGHT = datetime.date(2027, 1, 12)
OTHER_NIGHT = datetime.date(2027, 1, 19)
FIXTURE = e.FixtureFacts(date=NIGHT, level_id=1, playoff=False)
PLAYOFF = e.FixtureFacts(date=NIGHT, level_id=1, playoff=True)
TEAM = 10


DEFAULT_RULES = e.Rules()


def find(*volunteers, fixture=FIXTURE, opponents=(), rules=DEFAULT_RULES):
    return e.sub_finding(
        fixture=fixture, team_id=TEAM, opponents=opponents, volunteers=volunteers, rules=rules
    )


def test_a_volunteer_with_no_levels_and_no_nights_may_sub_any_fixture():
    assert find(e.Volunteer(1)).eligible == (1,)


def test_a_volunteer_on_the_opponents_roster_is_never_asked():
    finding = find(e.Volunteer(1), e.Volunteer(2), opponents=[2])
    assert finding.eligible == (1,)
    assert finding.reasons == {2: e.ON_OPPONENT}


def test_a_volunteer_at_other_levels_is_skipped_and_a_levelless_fixture_takes_anyone():
    picky = e.Volunteer(1, levels=frozenset({2}))
    assert find(picky).reasons == {1: e.WRONG_LEVEL}
    anywhere = e.FixtureFacts(date=NIGHT, level_id=None, playoff=False)
    assert find(picky, fixture=anywhere).eligible == (1,)


def test_a_volunteer_is_asked_only_on_the_nights_they_chose():
    assert find(e.Volunteer(1, nights=frozenset({OTHER_NIGHT}))).reasons == {1: e.NOT_THAT_NIGHT}
    assert find(e.Volunteer(1, nights=frozenset({NIGHT, OTHER_NIGHT}))).eligible == (1,)


def test_a_regular_of_another_team_is_skipped_on_the_nights_their_team_plays():
    assert find(e.Volunteer(1, teams_playing=frozenset({99}))).reasons == {1: e.OWN_TEAM_PLAYS}
    assert find(e.Volunteer(1)).eligible == (1,)  # the same person on a free night


def test_someone_already_subbing_that_night_or_on_the_team_is_skipped():
    finding = find(
        e.Volunteer(1, subbing_that_night=True),
        e.Volunteer(2, on_requesting_team=True),
        e.Volunteer(3, teams_playing=frozenset({TEAM})),
    )
    assert finding.eligible == ()
    assert finding.reasons == {1: e.SUBBING, 2: e.ON_TEAM, 3: e.ON_TEAM}


def test_a_season_without_regular_season_subs_refuses_the_team():
    finding = find(e.Volunteer(1), rules=e.Rules(regular_subs=False))
    assert finding.refusal == e.REGULAR_OFF
    assert finding.eligible == ()
    assert finding.reasons == {1: e.REGULAR_OFF}


def test_the_playoff_policy_decides_in_the_playoffs_and_the_limit_does_not():
    off = e.Rules(playoff_policy="not_allowed")
    assert find(e.Volunteer(1), fixture=PLAYOFF, rules=off).refusal == e.PLAYOFFS_OFF
    for policy in ("approval", "allowed"):
        rules = e.Rules(playoff_policy=policy, subs_used=5, limit=1, regular_subs=False)
        assert find(e.Volunteer(1), fixture=PLAYOFF, rules=rules).eligible == (1,)


def test_a_team_at_its_sub_limit_is_refused_and_one_below_it_is_not():
    at = find(e.Volunteer(1), rules=e.Rules(subs_used=2, limit=2))
    assert at.refusal == "The team has used its 2 subs for the regular season."
    assert find(e.Volunteer(1), rules=e.Rules(subs_used=1, limit=2)).eligible == (1,)
    assert "its 1 sub for" in find(e.Volunteer(1), rules=e.Rules(subs_used=1, limit=1)).refusal


def test_a_player_listed_twice_is_asked_once():
    assert find(e.Volunteer(1), e.Volunteer(1)).eligible == (1,)


volunteers = st.builds(
    e.Volunteer,
    player_id=st.integers(1, 30),
    levels=st.frozensets(st.integers(1, 3), max_size=3),
    nights=st.frozensets(st.sampled_from([NIGHT, OTHER_NIGHT]), max_size=2),
    teams_playing=st.frozensets(st.integers(9, 12), max_size=2),
    subbing_that_night=st.booleans(),
    on_requesting_team=st.booleans(),
)
rules = st.builds(
    e.Rules,
    regular_subs=st.booleans(),
    playoff_policy=st.sampled_from(["not_allowed", "approval", "allowed"]),
    subs_used=st.integers(0, 4),
    limit=st.none() | st.integers(0, 4),
)


@given(
    st.lists(volunteers, max_size=12),
    st.frozensets(st.integers(1, 30), max_size=8),
    rules,
    st.booleans(),
)
def test_every_volunteer_is_either_eligible_or_has_a_reason(people, opponents, rules, playoff):
    fixture = e.FixtureFacts(date=NIGHT, level_id=1, playoff=playoff)
    finding = find(*people, fixture=fixture, opponents=opponents, rules=rules)
    ids = {v.player_id for v in people}
    assert set(finding.eligible) | set(finding.reasons) == ids
    assert not set(finding.eligible) & set(finding.reasons)
    assert len(finding.eligible) == len(set(finding.eligible))
    assert not set(finding.eligible) & opponents  # never someone on the opponent's roster
    if finding.refusal:
        assert finding.eligible == ()
    for player_id in finding.eligible:
        volunteer = next(v for v in people if v.player_id == player_id)
        assert not volunteer.teams_playing and not volunteer.subbing_that_night
        assert not volunteer.levels or 1 in volunteer.levels
        assert not volunteer.nights or NIGHT in volunteer.nights


@given(st.lists(volunteers, max_size=10), st.frozensets(st.integers(1, 30), max_size=8))
def test_widening_a_volunteers_nights_and_levels_never_loses_them(people, opponents):
    before = set(find(*people, opponents=opponents).eligible)
    wider = [
        e.Volunteer(
            v.player_id,
            teams_playing=v.teams_playing,
            subbing_that_night=v.subbing_that_night,
            on_requesting_team=v.on_requesting_team,
        )
        for v in people
    ]
    assert before <= set(find(*wider, opponents=opponents).eligible)
