"""The demo season: a published CCA season, dated from today, every captain with a login."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts import permissions
from league.demo.dates import DemoDates
from league.demo.seasons import demo_season
from league.seasons.eligibility import team_play_problems
from league.seasons.models import RosterEntry, Team, Waiver

pytestmark = pytest.mark.django_db


def test_the_demo_season_is_a_published_cca_season_with_two_levels(demo_today):
    season = demo_season()
    assert season.league.name == "CCA Euchre League" and season.is_published
    assert list(season.skill_levels.values_list("name", flat=True)) == ["A", "B"]
    assert season.teams.count() == 16
    assert season.fixtures.filter(away__isnull=False).count() == 96
    dates = DemoDates(timezone.localdate())
    assert (season.starts_on, season.name) == (dates.first_night, dates.season_name)
    assert season.fixtures.order_by("-date").first().date == dates.last_night
    assert not season.fixtures.filter(date=dates.blackout).exists()


def test_left_bowers_can_play_while_the_demo_player_still_has_to_sign(demo_today):
    season = demo_season()
    team = Team.objects.get(season=season, name="Left Bowers")
    captain = team.roster.get(player__user__username="captain")
    player = team.roster.get(player__user__username="player")
    assert (captain.role, player.role, team.roster.count()) == ("captain", "player", 3)
    assert permissions.is_captain_of(captain.player.user, team.pk)
    assert team_play_problems(team) == []  # the captain's card is accepted
    assert not Waiver.objects.filter(season=season, player=player.player).exists()
    assert (
        Waiver.objects.filter(season=season).count()
        == RosterEntry.objects.filter(team__season=season).count() - 1
    )


def test_every_demo_captain_has_a_login_with_the_demo_password(demo_today):
    captains = RosterEntry.objects.filter(role="captain").select_related("player__user", "team")
    assert captains.count() == 22  # 16 teams tonight, 6 in the Thursday playoffs
    for entry in captains:
        user = entry.player.user
        assert user is not None, f"{entry.team}'s captain has no login"
        assert permissions.is_captain_of(user, entry.team_id)
    user = get_user_model().objects.get(username="captain-right-bowers")
    assert user.check_password("euchre-demo")


def test_the_demo_manager_manages_the_demo_league_only(demo_today):
    manager = get_user_model().objects.get(username="manager")
    season = demo_season()
    assert permissions.can_manage_league(manager, season.league)
    assert permissions.managed_league_ids(manager) == {season.league_id}
