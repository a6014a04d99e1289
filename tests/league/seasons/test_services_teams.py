"""A manager renames a team or moves it to another level; nobody else may."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from league.seasons.models import Season, Team
from league.seasons.services.teams import team_change_level, team_rename
from tests.factories import LeagueFactory, TeamFactory, captain_user, manager_user
from tests.league.factories import FixtureFactory, SkillLevelFactory, make_season

pytestmark = pytest.mark.django_db


def _season(**kwargs) -> Season:
    return make_season(teams_per_level=(2, 2), **kwargs)


def _publish(season: Season) -> None:
    season.schedule_state = Season.ScheduleState.PUBLISHED
    season.schedule_published_at = timezone.now()
    season.save()


def test_the_leagues_manager_renames_a_team_and_the_log_says_from_what():
    season = _season()
    team = season.teams.get(name="A1")
    manager = manager_user(league=season.league)
    team_rename(team=team, name="  Left   Bowers ", by=manager)
    team.refresh_from_db()
    assert team.name == "Left Bowers"
    entry = Activity.objects.get(verb=Verb.TEAM_RENAMED)
    assert (entry.actor, entry.detail, entry.scope_id) == (
        manager,
        "A1 → Left Bowers",
        season.league_id,
    )


def test_a_rename_may_change_only_the_case_of_the_name():
    season = _season()
    team = season.teams.get(name="A1")
    team_rename(team=team, name="a1", by=manager_user(league=season.league))
    assert Team.objects.get(pk=team.pk).name == "a1"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "Give the team a name"),
        ("x" * 121, "120 characters"),
        ("Bad\x07Name", "can't be shown"),
        ("A1", "already called"),
    ],
)
def test_a_bad_name_is_refused_and_nothing_changes(name, message):
    season = _season()
    team = season.teams.get(name="A1")
    with pytest.raises(ValidationError, match=message):
        team_rename(team=team, name=name, by=manager_user(league=season.league))
    assert Team.objects.get(pk=team.pk).name == "A1"
    assert not Activity.objects.filter(verb=Verb.TEAM_RENAMED).exists()


def test_two_teams_of_a_season_never_share_a_name_whatever_its_case():
    season = _season()
    team = season.teams.get(name="A1")
    with pytest.raises(ValidationError, match="already has a team called b2"):
        team_rename(team=team, name="b2", by=manager_user(league=season.league))
    assert Team.objects.get(pk=team.pk).name == "A1"


def test_a_team_may_share_its_name_with_a_team_of_another_season():
    season = _season()
    other = TeamFactory(season__league=season.league, name="Left Bowers")
    team = season.teams.get(name="A1")
    team_rename(team=team, name="Left Bowers", by=manager_user(league=season.league))
    assert Team.objects.get(pk=team.pk).name == other.name


@pytest.mark.parametrize("who", ["other_manager", "captain", "nobody"])
def test_only_the_leagues_managers_rename_or_move_its_teams(who):
    season = _season()
    team = season.teams.get(name="A1")
    user = {
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "captain": lambda: captain_user(team=team)[0],
        "nobody": lambda: None,
    }[who]()
    with pytest.raises(PermissionDenied):
        team_rename(team=team, name="Sneaky", by=user)
    with pytest.raises(PermissionDenied):
        team_change_level(team=team, level=season.skill_levels.get(name="B"), by=user)
    team.refresh_from_db()
    assert (team.name, team.skill_level.name) == ("A1", "A")


def test_in_a_draft_a_team_moves_level_and_the_manager_is_told_to_regenerate():
    season = _season()
    team = season.teams.get(name="A1")
    FixtureFactory(season=season, home=team, away=season.teams.get(name="A2"))
    level_b = season.skill_levels.get(name="B")
    change = team_change_level(team=team, level=level_b, by=manager_user(league=season.league))
    assert Team.objects.get(pk=team.pk).skill_level == level_b
    assert (change.regenerate, change.draft_fixtures) == (True, 1)
    entry = Activity.objects.get(verb=Verb.TEAM_LEVEL_CHANGED)
    assert entry.detail == "A → B"


def test_without_fixtures_a_move_needs_no_regenerating():
    season = _season()
    team = season.teams.get(name="A1")
    manager = manager_user(league=season.league)
    change = team_change_level(team=team, level=season.skill_levels.get(name="B"), by=manager)
    assert not change.regenerate


def test_once_published_a_team_with_fixtures_keeps_its_level():
    season = _season()
    team = season.teams.get(name="A1")
    FixtureFactory(season=season, home=season.teams.get(name="A2"), away=team)
    _publish(season)
    with pytest.raises(ValidationError, match="published and A1 has 1 fixture against A teams"):
        team_change_level(
            team=team,
            level=season.skill_levels.get(name="B"),
            by=manager_user(league=season.league),
        )
    assert Team.objects.get(pk=team.pk).skill_level.name == "A"


def test_a_team_added_after_publishing_without_fixtures_may_still_move():
    season = _season()
    _publish(season)
    late = TeamFactory(season=season, name="Late", skill_level=season.skill_levels.get(name="A"))
    team_change_level(
        team=late, level=season.skill_levels.get(name="B"), by=manager_user(league=season.league)
    )
    assert Team.objects.get(pk=late.pk).skill_level.name == "B"


def test_a_level_must_be_the_seasons_a_new_one_and_the_team_still_in_the_league():
    season = _season()
    team = season.teams.get(name="A1")
    manager = manager_user(league=season.league)
    elsewhere = SkillLevelFactory(name="Z")
    with pytest.raises(ValidationError, match="another season"):
        team_change_level(team=team, level=elsewhere, by=manager)
    with pytest.raises(ValidationError, match="already in A"):
        team_change_level(team=team, level=season.skill_levels.get(name="A"), by=manager)
    with pytest.raises(ValidationError, match="Choose one of the season's skill levels"):
        team_change_level(team=team, level=None, by=manager)
    Team.objects.filter(pk=team.pk).update(status=Team.Status.WITHDRAWN)
    with pytest.raises(ValidationError, match="left the league"):
        team_change_level(team=team, level=season.skill_levels.get(name="B"), by=manager)
    assert Team.objects.get(pk=team.pk).skill_level.name == "A"


def test_a_name_taken_at_the_same_moment_is_refused_by_the_database(monkeypatch):
    """Two managers renaming at once both pass the check; the constraint stops the second."""
    season = _season()
    team = season.teams.get(name="A1")
    monkeypatch.setattr("league.seasons.services.teams.name_taken", lambda team, name: False)
    with pytest.raises(ValidationError, match="already has a team called A2"):
        team_rename(team=team, name="A2", by=manager_user(league=season.league))
    assert Team.objects.get(pk=team.pk).name == "A1"
