import datetime

import pytest
from django.utils import timezone

from league.seasons.eligibility import player_may_play, team_play_problems
from league.seasons.models import Fixture, RosterEntry, Season, Team
from tests.factories import PlayerFactory, RosterEntryFactory, TeamFactory
from tests.league.factories import FixtureFactory, WaiverFactory, make_season, signed_team

pytestmark = pytest.mark.django_db


def test_a_team_with_two_signed_players_may_play():
    season = make_season(teams_per_level=(2,))
    assert team_play_problems(season.teams.first()) == []


def test_a_team_needs_two_players_with_signed_waivers():
    team = TeamFactory()
    RosterEntryFactory(team=team, role=RosterEntry.Role.CAPTAIN)
    signed = RosterEntryFactory(team=team)
    WaiverFactory(player=signed.player, season=team.season)
    problems = team_play_problems(team)
    assert problems == [
        f"{team.name} needs 2 players with signed waivers on its roster to play (it has 1)."
    ]


def test_the_number_needed_is_the_seasons_policy():
    team = signed_team(make_season(teams_per_level=()))
    team.season.min_roster = 3
    team.season.save()
    assert "needs 3 players" in team_play_problems(team)[0]


def test_withdrawn_and_removed_teams_cannot_play():
    team = signed_team(make_season(teams_per_level=()), status=Team.Status.REMOVED)
    assert team_play_problems(team) == [f"{team.name} is removed and can't play."]


def test_a_sub_must_sign_before_playing_tonight():
    team = signed_team(make_season(teams_per_level=()))
    today = timezone.localdate()
    sub = RosterEntryFactory(team=team, role=RosterEntry.Role.SUB, starts_on=today, ends_on=today)
    assert team_play_problems(team) == [
        f"Sub {sub.player.name} must sign the waiver before playing."
    ]
    WaiverFactory(player=sub.player, season=team.season)
    assert team_play_problems(team) == []


def test_a_sub_for_another_night_does_not_count_tonight():
    team = signed_team(make_season(teams_per_level=()))
    last_week = timezone.localdate() - datetime.timedelta(days=7)
    RosterEntryFactory(team=team, role=RosterEntry.Role.SUB, starts_on=last_week, ends_on=last_week)
    assert team_play_problems(team) == []


def test_a_fixtures_own_subs_are_checked_for_that_fixture():
    season = make_season(teams_per_level=(2,))
    home, away = season.teams.all()
    fixture = FixtureFactory(season=season, home=home, away=away)
    sub = RosterEntryFactory(
        team=home,
        role=RosterEntry.Role.SUB,
        fixture=fixture,
        starts_on=fixture.date,
        ends_on=fixture.date,
    )
    assert team_play_problems(home, fixture=fixture) == [
        f"Sub {sub.player.name} must sign the waiver before playing."
    ]


@pytest.mark.parametrize(
    ("policy", "approved", "expected"),
    [
        (Season.PlayoffSubs.NOT_ALLOWED, True, "aren't allowed in the playoffs"),
        (Season.PlayoffSubs.APPROVAL, False, "waiting for the manager's approval"),
        (Season.PlayoffSubs.APPROVAL, True, None),
        (Season.PlayoffSubs.ALLOWED, True, None),
    ],
)
def test_playoff_subs_follow_the_seasons_policy(policy, approved, expected):
    season = make_season(teams_per_level=(2,), playoff_subs=policy)
    home, away = season.teams.all()
    fixture = FixtureFactory(season=season, home=home, away=away, stage=Fixture.Stage.PLAYOFF)
    sub = RosterEntryFactory(
        team=home, role=RosterEntry.Role.SUB, fixture=fixture, approved=approved
    )
    WaiverFactory(player=sub.player, season=season)
    problems = team_play_problems(home, fixture=fixture)
    if expected is None:
        assert problems == []
    else:
        assert len(problems) == 1 and expected in problems[0]


def test_a_player_may_play_once_their_waiver_is_signed():
    season = make_season(teams_per_level=())
    player = PlayerFactory()
    assert player_may_play(player, season) == [
        f"{player.name} must sign the {season.name} waiver before playing."
    ]
    WaiverFactory(player=player, season=season)
    assert player_may_play(player, season) == []


def test_a_one_player_minimum_is_said_in_the_singular():
    team = TeamFactory(season__min_roster=1)
    RosterEntryFactory(team=team, role=RosterEntry.Role.CAPTAIN)
    assert team_play_problems(team) == [
        f"{team.name} needs 1 player with a signed waiver on its roster to play (it has 0)."
    ]


def test_answers_kept_work_each_teams_answer_out_once_and_only_inside_the_block(
    django_assert_num_queries,
):
    from league.seasons.eligibility import answers_kept, team_play_issues
    from tests.league.night_factories import night

    games = night()
    home, fixture = games.home, games.fixture
    with answers_kept():
        first = team_play_issues(home, fixture=fixture)
        with django_assert_num_queries(0):
            assert team_play_issues(home, fixture=fixture) == first
    with django_assert_num_queries(3):  # outside the block: asked afresh
        team_play_issues(home, fixture=fixture)
