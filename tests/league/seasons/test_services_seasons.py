import datetime

import pytest
from django.core.exceptions import ValidationError

from league.seasons import services
from league.seasons.models import League, RosterEntry, SeasonDate
from tests.factories import LeagueFactory, RosterEntryFactory
from tests.league.factories import TUESDAY, make_season

pytestmark = pytest.mark.django_db


def test_a_league_gets_a_unique_slug_that_never_shadows_a_page():
    assert services.league_create(name="New").slug == "new-2"
    assert services.league_create(name="CCA League").slug == "cca-league"
    assert services.league_create(name="CCA-League").slug == "cca-league-2"
    with pytest.raises(ValidationError):
        services.league_create(name="  ")


def test_a_league_name_is_taken_once_whatever_its_case():
    services.league_create(name="CCA League")
    with pytest.raises(ValidationError, match="already a league called cca league"):
        services.league_create(name=" cca league ")
    assert League.objects.count() == 1


def test_a_season_name_is_taken_once_in_its_league():
    league = LeagueFactory()
    first = services.season_create(league=league, name="Fall 2026", starts_on=TUESDAY)
    with pytest.raises(ValidationError, match="already has a season called FALL 2026"):
        services.season_create(league=league, name="FALL 2026", starts_on=TUESDAY)
    other = services.season_create(league=LeagueFactory(), name="Fall 2026", starts_on=TUESDAY)
    assert first.slug == other.slug == "fall-2026"
    assert services.season_create(league=league, name="Fall-2026", starts_on=TUESDAY).slug == (
        "fall-2026-2"
    )


def test_a_skill_level_name_is_taken_once_in_its_season():
    season = services.season_create(
        league=LeagueFactory(), name="Fall", starts_on=TUESDAY, skill_levels=["A", "a", "B"]
    )
    assert list(season.skill_levels.values_list("name", flat=True)) == ["A", "B"]
    with pytest.raises(ValidationError, match="already has a level called b"):
        services.skill_level_add(season=season, name="b")


def test_copying_keeps_a_player_on_the_team_they_already_joined():
    old = make_season(teams_per_level=(2,))
    mover = old.teams.get(name="A1").roster.get(role="player").player
    new = services.season_create(league=old.league, name="Next", starts_on=TUESDAY)
    joined = services.team_create(season=new, name="Newcomers")
    RosterEntry.objects.create(team=joined, player=mover)
    services.season_copy_from(source=old, target=new)
    assert list(
        RosterEntry.objects.filter(season=new, player=mover).values_list("team__name", flat=True)
    ) == ["Newcomers"]
    assert new.teams.get(name="A1").roster.count() == 1


def test_a_season_takes_its_league_night_from_the_first_night():
    season = services.season_create(
        league=LeagueFactory(), name="Fall", starts_on=TUESDAY, skill_levels=["A", "B", " "]
    )
    assert season.get_league_night_display() == "Tuesday"
    assert list(season.skill_levels.values_list("name", flat=True)) == ["A", "B"]
    assert season.schedule_state == "draft"


def test_copy_from_last_season_brings_levels_venues_teams_and_regular_rosters():
    old = make_season(teams_per_level=(2, 1), forfeit_all_minutes=45)
    team = old.teams.get(name="A1")
    RosterEntryFactory(team=team, role=RosterEntry.Role.SUB)
    team_b = old.teams.get(name="B1")
    team_b.status = "removed"
    team_b.save()
    new = services.season_create(
        league=old.league,
        name="Spring",
        starts_on=TUESDAY + datetime.timedelta(weeks=30),
        copy_from=old,
    )
    assert new.forfeit_all_minutes == 45
    assert list(new.skill_levels.values_list("name", flat=True)) == ["A", "B"]
    assert set(new.venues.all()) == set(old.venues.all())
    assert sorted(new.teams.values_list("name", flat=True)) == ["A1", "A2"]
    copied = new.teams.get(name="A1")
    assert copied.copied_from == team and copied.skill_level.name == "A"
    assert sorted(copied.roster.values_list("role", flat=True)) == ["captain", "player"]
    assert not new.waivers.exists()  # waivers are signed again each season


def test_copying_twice_adds_nothing_new():
    old = make_season(teams_per_level=(2,))
    new = services.season_create(league=old.league, name="Next", starts_on=TUESDAY, copy_from=old)
    assert services.season_copy_from(source=old, target=new)["teams"] == 0


def test_copying_across_leagues_or_into_itself_is_refused():
    season = make_season(teams_per_level=())
    with pytest.raises(ValidationError):
        services.season_copy_from(source=season, target=season)
    with pytest.raises(ValidationError):
        services.season_copy_from(source=make_season(teams_per_level=()), target=season)


def test_a_venue_brings_numbered_tables_to_the_season():
    season = make_season(teams_per_level=(), tables=0)
    venue = services.venue_add(season=season, name="Taproom", tables=3)
    assert list(venue.tables.values_list("name", flat=True)) == ["Table 1", "Table 2", "Table 3"]
    services.venue_add(season=season, name="Taproom", tables=5)
    assert venue.tables.count() == 5
    with pytest.raises(ValidationError):
        services.venue_add(season=season, name="Nowhere", tables=0)


def test_blackouts_are_league_nights_and_each_date_is_listed_once():
    season = make_season(teams_per_level=())
    services.season_date_add(season=season, date=TUESDAY, kind=SeasonDate.Kind.BLACKOUT)
    with pytest.raises(ValidationError, match="already"):
        services.season_date_add(season=season, date=TUESDAY, kind=SeasonDate.Kind.MAKEUP)
    thursday = TUESDAY + datetime.timedelta(days=2)
    with pytest.raises(ValidationError, match="Tuesday"):
        services.season_date_add(season=season, date=thursday, kind=SeasonDate.Kind.BLACKOUT)
    services.season_date_add(season=season, date=thursday, kind=SeasonDate.Kind.MAKEUP)
    assert season.special_dates.count() == 2


def test_season_update_validates_the_whole_season():
    season = make_season(teams_per_level=())
    with pytest.raises(ValidationError):
        services.season_update(season=season, changes={"standings_order": ["sos"]})
    assert season.standings_order[0] == "win_pct"
    wednesday = TUESDAY + datetime.timedelta(days=1)
    updated = services.season_update(season=season, changes={"starts_on": wednesday})
    assert updated.get_league_night_display() == "Wednesday"


def test_skill_levels_are_unique_in_a_season():
    season = make_season(teams_per_level=(1,))
    with pytest.raises(ValidationError):
        services.skill_level_add(season=season, name="a")
    assert services.skill_level_add(season=season, name="Z").position == 1


FAR = datetime.date(9999, 12, 28)  # a Tuesday
WINDOW = "Pick a date between Sat 1 Jan 2000 and"


def test_a_season_starting_outside_the_date_window_is_refused_and_not_created():
    league = LeagueFactory()
    for day in (FAR, datetime.date(1999, 12, 28)):
        with pytest.raises(ValidationError, match=WINDOW):
            services.season_create(league=league, name="Far", starts_on=day)
    assert not league.seasons.exists()


def test_moving_a_seasons_first_night_outside_the_window_is_refused_and_changes_nothing():
    season = make_season(teams_per_level=(2,))
    with pytest.raises(ValidationError) as refused:
        services.season_update(season=season, changes={"starts_on": FAR})
    assert WINDOW in refused.value.message_dict["starts_on"][0]
    season.refresh_from_db()
    assert season.starts_on == TUESDAY


def test_a_blackout_or_makeup_date_outside_the_window_is_refused():
    season = make_season(teams_per_level=(2,))
    for kind in SeasonDate.Kind.values:
        with pytest.raises(ValidationError, match=WINDOW):
            services.season_date_add(season=season, date=FAR, kind=kind)
    assert not season.special_dates.exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("L" * 41, "Keep a skill level's name to 40 characters"),
        ("A\x00", "can't be shown"),
        ("B\x1b", "can't be shown"),
    ],
)
def test_a_new_seasons_skill_levels_are_bounded_and_nothing_is_created(name, message):
    league = LeagueFactory()
    with pytest.raises(ValidationError, match=message):
        services.season_create(
            league=league, name="Fall", starts_on=TUESDAY, skill_levels=["A", name]
        )
    assert not league.seasons.exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("L" * 41, "Keep the skill level's name to 40 characters"),
        ("Nul\x00", "can't be shown"),
        ("Bell\x07", "can't be shown"),
    ],
)
def test_a_skill_level_added_later_is_bounded(name, message):
    season = make_season(teams_per_level=(2,))
    with pytest.raises(ValidationError, match=message):
        services.skill_level_add(season=season, name=name)
    assert list(season.skill_levels.values_list("name", flat=True)) == ["A"]


def test_league_season_venue_and_note_texts_are_bounded():
    season = make_season(teams_per_level=(2,))
    refusals = [
        (lambda: services.league_create(name="x" * 121), "Keep the league's name to 120"),
        (lambda: services.league_create(name="Ok", description="\x00"), "can't be shown"),
        (
            lambda: services.season_create(league=season.league, name="\x1b[2J", starts_on=TUESDAY),
            "The season's name has characters",
        ),
        (
            lambda: services.season_update(season=season, changes={"waiver_text": "ok\x00"}),
            "The waiver has characters",
        ),
        (lambda: services.venue_add(season=season, name="v" * 121, tables=2), "venue's name"),
        (
            lambda: services.venue_add(season=season, name="V", tables=2, address="a" * 201),
            "Keep the address to 200",
        ),
        (
            lambda: services.season_date_add(
                season=season, date=TUESDAY, kind="blackout", note="n" * 121
            ),
            "Keep the note to 120",
        ),
    ]
    for call, message in refusals:
        with pytest.raises(ValidationError, match=message):
            call()
    assert League.objects.count() == 1 and season.league.seasons.count() == 1
    assert not season.league.venues.exclude(seasons=season).exists()
    assert not season.special_dates.exists()
