import pytest
from django.core.management import call_command

from accounts import permissions
from league.seasons.eligibility import team_play_problems
from league.seasons.models import Fixture, Season, Team, Waiver

pytestmark = pytest.mark.django_db


def test_the_demo_season_is_a_published_cca_season_with_two_levels():
    call_command("load_demo")
    season = Season.objects.get(league__slug="cca", slug="fall-2026")
    assert season.league.name == "CCA Euchre League" and season.is_published
    assert list(season.skill_levels.values_list("name", flat=True)) == ["A", "B"]
    assert season.teams.count() >= 14
    assert season.fixtures.filter(away__isnull=False).exists()
    assert Waiver.objects.filter(season=season).count() >= 2 * season.teams.count() - 1
    team = Team.objects.get(season=season, name="Left Bowers")
    captain = team.roster.get(player__user__username="captain")
    player = team.roster.get(player__user__username="player")
    assert (captain.role, player.role) == ("captain", "player")
    assert permissions.is_captain_of(captain.player.user, team.pk)
    assert team_play_problems(team)  # the demo player still has to sign online
    assert team_play_problems(Team.objects.get(season=season, name="Right Bowers")) == []


def test_the_demo_loads_twice_without_duplicates():
    call_command("load_demo")
    counts = (Team.objects.count(), Fixture.objects.count(), Waiver.objects.count())
    call_command("load_demo")
    assert counts == (Team.objects.count(), Fixture.objects.count(), Waiver.objects.count())
