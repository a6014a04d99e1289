import pytest

from league.seasons.models import Player, RosterEntry, Team
from league.seasons.services import season_import_csv
from tests.factories import PlayerFactory, RosterEntryFactory, TeamFactory
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db
HEADER = "team,skill_level,player_name,email,phone,role\n"


def test_it_creates_levels_teams_players_and_rosters():
    season = make_season(teams_per_level=())
    result = season_import_csv(
        season=season,
        text=HEADER + "Left Bowers,C,Casey,casey@example.com,555,captain\n"
        "Left Bowers,C,Pat,,,player\nRight Bowers,D,Robin,robin@example.com,,captain\n",
    )
    assert result.ok
    assert (result.teams_created, result.players_added, result.levels_created) == (2, 3, 2)
    team = Team.objects.get(season=season, name="Left Bowers")
    assert team.skill_level.name == "C"
    assert sorted(team.roster.values_list("player__name", "role")) == [
        ("Casey", "captain"),
        ("Pat", "player"),
    ]


def test_nothing_is_saved_when_any_row_is_bad():
    season = make_season(teams_per_level=())
    before = (Team.objects.count(), Player.objects.count(), RosterEntry.objects.count())
    result = season_import_csv(
        season=season, text=HEADER + "Good Team,A,Ann,ann@example.com,,\nBad Team,A,,,,\n"
    )
    assert result.errors == ["Row 3: the player's name is missing."]
    assert before == (Team.objects.count(), Player.objects.count(), RosterEntry.objects.count())


def test_a_player_already_on_another_team_this_season_is_refused():
    season = make_season(teams_per_level=())
    player = PlayerFactory(email="ann@example.com")
    RosterEntryFactory(team=TeamFactory(season=season, name="Old Team"), player=player)
    result = season_import_csv(season=season, text=HEADER + "New Team,,Ann,ann@example.com,,\n")
    assert result.errors == ["Row 2: ann@example.com already plays for Old Team."]


def test_a_team_keeps_its_level():
    season = make_season(teams_per_level=(1,))
    result = season_import_csv(season=season, text=HEADER + "A1,B,Ann,,,\n")
    assert result.errors == ["Row 2: A1 is already in level A, not B."]


def test_returning_players_are_matched_by_email():
    season = make_season(teams_per_level=())
    player = PlayerFactory(email="ann@example.com", name="Ann Old")
    result = season_import_csv(season=season, text=HEADER + "T,,Ann,ANN@example.com,,\n")
    assert result.ok
    assert RosterEntry.objects.get(team__season=season).player == player


def test_an_address_stored_in_capitals_finds_its_player_and_their_team():
    season = make_season(teams_per_level=())
    owner = PlayerFactory(name="Olivia Owner", email="Olivia@Example.com")
    result = season_import_csv(
        season=season, text=HEADER + "Left Bowers,,Liv,olivia@example.com,,player\n"
    )
    assert result.ok
    assert RosterEntry.objects.get(season=season).player == owner
    again = season_import_csv(
        season=season, text=HEADER + "Right Bowers,,Liv,olivia@example.com,,player\n"
    )
    assert again.errors == ["Row 2: olivia@example.com already plays for Left Bowers."]
