import pytest
from django.core.exceptions import PermissionDenied

from league.seasons.models import Player, RosterEntry, SkillLevel, Team
from league.seasons.services import season_import_csv, season_import_preview
from league.seasons.services.imports import CHANGED
from tests.factories import (
    PlayerFactory,
    RosterEntryFactory,
    TeamFactory,
    captain_user,
    manager_user,
)
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db
HEADER = "team,skill_level,player_name,email,phone,role\n"


@pytest.fixture
def manager():
    return manager_user()


def _snapshot():
    return (
        SkillLevel.objects.count(),
        Team.objects.count(),
        Player.objects.count(),
        list(RosterEntry.objects.order_by("pk").values_list("team", "player", "role")),
    )


def _import(season, text, by):
    """Preview, then confirm what the preview showed."""
    preview = season_import_preview(season=season, text=text, by=by)
    return season_import_csv(season=season, text=text, by=by, digest=preview.digest)


def test_it_creates_levels_teams_players_and_rosters(manager):
    season = make_season(teams_per_level=())
    result = _import(
        season,
        HEADER + "Left Bowers,C,Casey,casey@example.com,555,captain\n"
        "Left Bowers,C,Pat,,,player\nRight Bowers,D,Robin,robin@example.com,,captain\n",
        manager,
    )
    assert result.ok
    assert (result.teams_created, result.players_added, result.levels_created) == (2, 3, 2)
    team = Team.objects.get(season=season, name="Left Bowers")
    assert team.skill_level.name == "C"
    assert sorted(team.roster.values_list("player__name", "role")) == [
        ("Casey", "captain"),
        ("Pat", "player"),
    ]


def test_the_preview_says_what_is_new_and_what_is_found_and_writes_nothing(manager):
    season = make_season(teams_per_level=(1,))  # team A1 in level A
    PlayerFactory(email="ann@example.com", name="Ann Old")
    before = _snapshot()
    preview = season_import_preview(
        season=season,
        text=HEADER + "a1,,Ann,ANN@example.com,,captain\nNew Team,Z,Bob,,555,\n\n",
        by=manager,
    )
    assert _snapshot() == before
    assert preview.errors == []
    found, new = preview.rows
    assert (found.team, found.team_id, found.level, found.player, found.player_id) == (
        "A1",
        season.teams.get().pk,
        "A",
        "Ann Old",
        Player.objects.get(email="ann@example.com").pk,
    )
    assert (found.name_in_file, found.roster_change) == ("Ann", "new")
    assert (new.team_id, new.level, new.level_id, new.player_id, new.phone) == (
        None,
        "Z",
        None,
        None,
        "555",
    )
    assert preview.blank_lines == [4]
    assert preview.counts() == {
        "rows": 2,
        "new_teams": 1,
        "found_teams": 1,
        "new_levels": 1,
        "new_players": 1,
        "found_players": 1,
        "found_by_email": 1,
        "found_by_name": 0,
        "emails_added": 0,
        "new_places": 2,
        "role_changes": 0,
        "unchanged": 0,
    }
    assert [(team["name"], team["new"], team["level_new"]) for team in preview.teams()] == [
        ("A1", False, False),
        ("New Team", True, True),
    ]


def test_the_confirmed_import_writes_exactly_what_the_preview_showed(manager):
    season = make_season(teams_per_level=(1,))
    regular = season.teams.get().roster.get(role="player").player
    text = (
        HEADER + f"A1,A,{regular.name},{regular.email},,captain\n"
        "A1,A,Cy New,cy@example.com,,\nB Team,B,Di,,,captain\n"
    )
    preview = season_import_preview(season=season, text=text, by=manager)
    result = season_import_csv(season=season, text=text, by=manager, digest=preview.digest)
    assert result.ok
    assert (result.teams_created, result.levels_created) == (1, 1)
    assert (result.players_added, result.roles_changed) == (2, 1)
    shown = {(row.team, row.player, row.role) for row in preview.rows}
    written = set(
        RosterEntry.objects.filter(
            season=season, player__name__in=[regular.name, "Cy New", "Di"]
        ).values_list("team__name", "player__name", "role")
    )
    assert written == shown
    assert Team.objects.get(season=season, name="B Team").skill_level.name == "B"
    # the same file again finds everything and changes nothing
    again = season_import_preview(season=season, text=text, by=manager)
    assert again.counts()["unchanged"] == 3
    assert again.counts()["new_places"] == 0  # Di has no email: she is found by her name


def test_nothing_is_written_when_the_season_changed_since_the_preview(manager):
    season = make_season(teams_per_level=())
    text = HEADER + "Left Bowers,,Ann,ann@example.com,,\n"
    preview = season_import_preview(season=season, text=text, by=manager)
    TeamFactory(season=season, name="Left Bowers")  # someone else adds the team meanwhile
    before = _snapshot()
    result = season_import_csv(season=season, text=text, by=manager, digest=preview.digest)
    assert result.errors == [CHANGED]
    assert _snapshot() == before
    assert result.preview.rows[0].team_id == Team.objects.get(name="Left Bowers").pk
    assert season_import_csv(season=season, text=text, by=manager, digest=result.preview.digest).ok


def test_a_digest_that_isnt_the_previews_writes_nothing(manager):
    season = make_season(teams_per_level=())
    text = HEADER + "Left Bowers,,Ann,,,\n"
    before = _snapshot()
    result = season_import_csv(season=season, text=text, by=manager, digest="0" * 64)
    assert result.errors == [CHANGED]
    assert _snapshot() == before


def test_nothing_is_saved_when_any_row_is_bad(manager):
    season = make_season(teams_per_level=())
    before = _snapshot()
    result = _import(
        season, HEADER + "Good Team,A,Ann,ann@example.com,,\nBad Team,A,,,,\n", manager
    )
    assert result.errors == ["Row 3: the player's name is missing."]
    assert before == _snapshot()


def test_only_the_leagues_managers_may_preview_or_import():
    season = make_season(teams_per_level=(1,))
    captain = captain_user(team=season.teams.get())[0]
    text = HEADER + "T,,Ann,,,\n"
    with pytest.raises(PermissionDenied):
        season_import_preview(season=season, text=text, by=captain)
    with pytest.raises(PermissionDenied):
        season_import_csv(season=season, text=text, by=captain, digest="")
    assert not Team.objects.filter(name="T").exists()


def test_a_player_already_on_another_team_this_season_is_refused(manager):
    season = make_season(teams_per_level=())
    player = PlayerFactory(email="ann@example.com")
    RosterEntryFactory(team=TeamFactory(season=season, name="Old Team"), player=player)
    result = _import(season, HEADER + "New Team,,Ann,ann@example.com,,\n", manager)
    assert result.errors == ["Row 2: ann@example.com already plays for Old Team."]


def test_a_team_keeps_its_level(manager):
    season = make_season(teams_per_level=(1,))
    result = _import(season, HEADER + "A1,B,Ann,,,\n", manager)
    assert result.errors == ["Row 2: A1 is already in level A, not B."]


def test_returning_players_are_matched_by_email(manager):
    season = make_season(teams_per_level=())
    player = PlayerFactory(email="ann@example.com", name="Ann Old")
    result = _import(season, HEADER + "T,,Ann,ANN@example.com,,\n", manager)
    assert result.ok
    assert RosterEntry.objects.get(team__season=season).player == player


def test_an_address_stored_in_capitals_finds_its_player_and_their_team(manager):
    season = make_season(teams_per_level=())
    owner = PlayerFactory(name="Olivia Owner", email="Olivia@Example.com")
    result = _import(season, HEADER + "Left Bowers,,Liv,olivia@example.com,,player\n", manager)
    assert result.ok
    assert RosterEntry.objects.get(season=season).player == owner
    again = _import(season, HEADER + "Right Bowers,,Liv,olivia@example.com,,player\n", manager)
    assert again.errors == ["Row 2: olivia@example.com already plays for Left Bowers."]


NO_EMAILS = (
    HEADER + "Left Bowers,C,Casey,,555,captain\nLeft Bowers,C,Pat Smith,,,player\n"
    "Left Bowers,C,Pat Smith,,,player\nRight Bowers,D,Zoë O’Brien,,,captain\n"
)


def test_re_importing_a_file_without_emails_changes_nothing(manager):
    season = make_season(teams_per_level=())
    assert _import(season, NO_EMAILS, manager).ok
    before = _snapshot()
    preview = season_import_preview(season=season, text=NO_EMAILS, by=manager)
    assert [row.matched_by for row in preview.rows] == ["name"] * 4
    assert preview.counts()["found_by_name"] == 4
    assert preview.counts()["unchanged"] == 4
    result = season_import_csv(season=season, text=NO_EMAILS, by=manager, digest=preview.digest)
    assert result.ok and (result.players_added, result.found_by_name) == (0, 4)
    assert _snapshot() == before


def test_a_name_without_an_email_finds_the_teams_player_however_it_is_typed(manager):
    season = make_season(teams_per_level=())
    _import(season, NO_EMAILS, manager)
    zoe = Player.objects.get(name="Zoë O’Brien")
    text = HEADER + "right bowers,D,  zoe  o'brien ,,,player\n"
    (row,) = season_import_preview(season=season, text=text, by=manager).rows
    assert (row.player_id, row.player, row.name_in_file, row.matched_by) == (
        zoe.pk,
        "Zoë O’Brien",
        "zoe o'brien",
        "name",
    )
    assert row.roster_change == "role"  # captain to player: nothing else changes


def test_a_name_without_an_email_finds_a_player_of_the_leagues_other_seasons(manager):
    last = make_season(teams_per_level=())
    _import(last, NO_EMAILS, manager)
    season = make_season(teams_per_level=(), league=last.league)
    result = _import(season, HEADER + "New Name,,Casey,,,captain\n", manager)
    assert result.ok and result.found_by_name == 1
    assert RosterEntry.objects.get(season=season).player == Player.objects.get(name="Casey")


def test_a_name_is_not_matched_outside_the_league_or_when_it_is_ambiguous(manager):
    elsewhere = make_season(teams_per_level=())
    _import(elsewhere, HEADER + "T,,Casey,,,\n", manager_user(league=elsewhere.league))
    season = make_season(teams_per_level=())
    _import(season, HEADER + "A,,Pat,,,\nB,,Pat,,,\n", manager)
    following = make_season(teams_per_level=(), league=season.league)
    preview = season_import_preview(
        season=following, text=HEADER + "C,,Casey,,,\nC,,Pat,,,\n", by=manager
    )
    assert [(row.player_id, row.matched_by) for row in preview.rows] == [(None, ""), (None, "")]


def test_a_name_is_not_matched_to_a_player_of_another_team_this_season(manager):
    season = make_season(teams_per_level=())
    _import(season, HEADER + "A,,Pat,,,\n", manager)
    result = _import(season, HEADER + "B,,Pat,,,\n", manager)
    assert result.ok and result.found_by_name == 0
    assert Player.objects.filter(name="Pat").count() == 2


def test_a_player_found_by_email_is_not_also_found_by_name(manager):
    season = make_season(teams_per_level=())
    _import(season, HEADER + "A,,Pat,pat@example.com,,\n", manager)
    result = _import(season, HEADER + "A,,Pat,pat@example.com,,\nA,,Pat,,,\n", manager)
    assert result.ok and result.players_added == 1
    assert season.teams.get().roster.count() == 2


def test_a_file_with_emails_added_gives_them_to_the_players_found_by_name(manager):
    season = make_season(teams_per_level=())
    _import(season, NO_EMAILS, manager)
    before = _snapshot()
    text = NO_EMAILS.replace("Casey,,555", "Casey,casey@example.com,556")
    preview = season_import_preview(season=season, text=text, by=manager)
    casey = preview.rows[0]
    assert (casey.matched_by, casey.adds_email, casey.roster_change) == ("name", True, "same")
    assert preview.counts()["emails_added"] == 1
    result = season_import_csv(season=season, text=text, by=manager, digest=preview.digest)
    assert result.ok and (result.emails_added, result.players_added) == (1, 0)
    assert _snapshot() == before  # no new player, no new roster place
    player = Player.objects.get(name="Casey")
    assert (player.email, player.phone) == ("casey@example.com", "555")


def test_a_new_email_never_finds_a_player_who_has_another_one(manager):
    season = make_season(teams_per_level=())
    _import(season, HEADER + "A,,Pat,pat@example.com,,\n", manager)
    result = _import(season, HEADER + "A,,Pat,patricia@example.com,,\n", manager)
    assert result.ok and (result.found_by_name, result.players_added) == (0, 1)
