"""League 0009–0010 (and tournaments 0004): rows that broke the new constraints are repaired
where that loses nothing, and the migration stops, saying why, where a person must decide."""

import datetime

import pytest

from tests.migration_database import migrate, own_database

BEFORE = [
    ("league", "0008_who_published_and_created_moves_to_the_activity_log"),
    ("tournaments", "0003_entry_seed_stage_data"),
]
AFTER = [("league", "0010_race_constraints"), ("tournaments", "0004_tournament_name_once_a_day")]


@pytest.mark.django_db(transaction=True)
def test_duplicates_are_repaired_and_roster_entries_learn_their_season():
    with own_database():
        apps = migrate(BEFORE)
        League = apps.get_model("league", "League")
        Season = apps.get_model("league", "Season")
        Team = apps.get_model("league", "Team")
        Player = apps.get_model("league", "Player")
        RosterEntry = apps.get_model("league", "RosterEntry")
        Tournament = apps.get_model("tournaments", "Tournament")
        first = League.objects.create(name="Tuesday", slug="tuesday-m")
        League.objects.create(name="TUESDAY", slug="tuesday-m-2")
        season = Season.objects.create(league=first, name="Fall", slug="fall")
        Season.objects.create(league=first, name="fall", slug="fall-2")
        aces = Team.objects.create(season=season, name="Aces")
        twin = Team.objects.create(season=season, name="aces")
        ann = Player.objects.create(name="Ann", email="Ann@Example.com")
        later = Player.objects.create(name="Ann again", email="ann@example.com")
        RosterEntry.objects.create(team=aces, player=ann, role="captain")
        RosterEntry.objects.create(team=twin, player=later, role="player")
        day = datetime.date(2030, 2, 7)
        Tournament.objects.create(name="Open", slug="open-m", date=day)
        Tournament.objects.create(name="open", slug="open-m-2", date=day)

        apps = migrate(AFTER)
        League = apps.get_model("league", "League")
        Season = apps.get_model("league", "Season")
        Team = apps.get_model("league", "Team")
        Player = apps.get_model("league", "Player")
        RosterEntry = apps.get_model("league", "RosterEntry")
        Tournament = apps.get_model("tournaments", "Tournament")
        assert sorted(
            League.objects.filter(slug__startswith="tuesday-m").values_list("name", flat=True)
        ) == [
            "TUESDAY (2)",
            "Tuesday",
        ]
        assert sorted(Season.objects.filter(league_id=first.pk).values_list("name", flat=True)) == [
            "Fall",
            "fall (2)",
        ]
        assert Team.objects.get(pk=twin.pk).name == "aces (2)"
        assert Player.objects.get(pk=ann.pk).email == "Ann@Example.com"
        assert Player.objects.get(pk=later.pk).email == ""  # the first holder keeps it
        assert set(RosterEntry.objects.values_list("season_id", flat=True)) == {season.pk}
        assert Tournament.objects.filter(date=day).order_by("pk").last().name == "open (2)"


@pytest.mark.django_db(transaction=True)
def test_a_player_on_two_teams_of_a_season_stops_the_migration_with_their_name():
    with own_database():
        apps = migrate(BEFORE)
        League = apps.get_model("league", "League")
        Season = apps.get_model("league", "Season")
        Team = apps.get_model("league", "Team")
        Player = apps.get_model("league", "Player")
        RosterEntry = apps.get_model("league", "RosterEntry")
        season = Season.objects.create(
            league=League.objects.create(name="Wednesday", slug="wednesday-m"),
            name="Fall",
            slug="fall",
        )
        pat = Player.objects.create(name="Pat Twice")
        for name in ("Aces", "Kings"):
            team = Team.objects.create(season=season, name=name)
            RosterEntry.objects.create(team=team, player=pat, role="player")
        with pytest.raises(RuntimeError, match=r"Pat Twice \(player \d+\): Aces, Kings"):
            migrate([AFTER[0]])
        RosterEntry.objects.filter(team__name="Kings").delete()
