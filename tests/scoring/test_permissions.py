"""The scoring predicates in accounts.permissions, per role."""

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts import permissions
from scoring.services import scorecard_submit
from tests.factories import (
    TeamFactory,
    admin_user,
    captain_user,
    director_user,
    manager_user,
    player_user,
)
from tests.scoring.factories import NS_WINS_10_2, PROGRESSIVE_EIGHT, seated_game, team_game

pytestmark = pytest.mark.django_db


def test_captains_submit_for_their_own_side_only():
    tg = team_game()
    assert permissions.scoring_sides_for(tg.ns_captain, tg.game) == ["NS"]
    assert permissions.scoring_sides_for(tg.ew_captain, tg.game) == ["EW"]
    assert not permissions.can_submit_for_side(tg.ns_captain, tg.game, "EW")


@pytest.mark.parametrize(
    "make_user",
    [AnonymousUser, lambda: player_user()[0], lambda: captain_user()[0]],
    ids=["anonymous", "player", "other_captain"],
)
def test_others_submit_for_no_side(make_user):
    tg = team_game()
    assert permissions.scoring_sides_for(make_user(), tg.game) == []


def test_a_player_on_the_team_is_not_its_captain():
    tg = team_game()
    assert permissions.scoring_sides_for(player_user(team=tg.ns_team)[0], tg.game) == []


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_staff_submit_for_both_sides_settle_and_edit_rule_sets(staff):
    user, tg = staff(), team_game()
    assert permissions.scoring_sides_for(user, tg.game) == ["NS", "EW"]
    assert permissions.can_settle_scorecards(user) and permissions.can_edit_rule_sets(user)


def test_captains_and_players_neither_settle_nor_edit_rule_sets():
    for user in (captain_user()[0], player_user()[0], AnonymousUser()):
        assert not permissions.can_settle_scorecards(user)
        assert not permissions.can_edit_rule_sets(user)


def test_without_teams_the_seated_players_act_for_their_side():
    game, users = seated_game()
    assert [permissions.scoring_sides_for(users[s], game) for s in "NESW"] == [
        ["NS"], ["EW"], ["NS"], ["EW"],
    ]  # fmt: skip


def test_can_confirm_is_for_the_other_side_and_never_the_submitter():
    tg = team_game()
    manager = manager_user()
    version = scorecard_submit(game=tg.game, user=manager, side="NS", hands=NS_WINS_10_2)
    assert permissions.can_confirm(tg.ew_captain, version)
    assert not permissions.can_confirm(tg.ns_captain, version)
    assert not permissions.can_confirm(manager, version)
    assert permissions.can_confirm(admin_user(), version)
    assert not permissions.can_confirm(AnonymousUser(), version)


def test_an_opponent_player_confirms_an_individual_card():
    game, users = seated_game()
    version = scorecard_submit(game=game, user=users["S"], side="NS", hands=PROGRESSIVE_EIGHT)
    assert [permissions.can_confirm(users[s], version) for s in "NESW"] == [
        False, True, False, True,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("who", "may"),
    [
        ("its_manager", True),
        ("other_manager", False),
        ("director", False),
        ("scorekeeper", False),
        ("maker", False),
        ("admin", True),
        ("captain", False),
    ],
)
def test_a_copy_a_league_plays_under_is_changed_by_its_managers_only(who, may):
    from scoring.models import RuleSet
    from scoring.services import ruleset_copy
    from tests.factories import SeasonFactory, TournamentFactory, UserFactory, grant_role

    season, event = SeasonFactory(), TournamentFactory()
    maker = manager_user(league=SeasonFactory().league)
    copy = ruleset_copy(source=RuleSet.objects.get(slug="cca-league"), user=maker, name="Ours")
    season.league.seasons.update(rule_set=copy)
    scorekeeper = UserFactory()
    grant_role(scorekeeper, "scorekeeper", "tournament", event.pk)
    users = {
        "its_manager": lambda: manager_user(league=season.league),
        "other_manager": lambda: manager_user(league=SeasonFactory().league),
        "director": lambda: director_user(tournament=event),
        "scorekeeper": lambda: scorekeeper,
        "maker": lambda: maker,
        "admin": admin_user,
        "captain": lambda: captain_user(team=TeamFactory(season=season))[0],
    }
    assert permissions.can_edit_rule_set(users[who](), copy) is may
