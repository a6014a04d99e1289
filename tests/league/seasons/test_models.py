import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from league.seasons.models import Fixture, RosterEntry, Season
from tests.factories import RosterEntryFactory, SeasonFactory, TeamFactory
from tests.league.factories import TUESDAY, FixtureFactory, TableFactory

pytestmark = pytest.mark.django_db


def test_a_new_season_plays_by_the_cca_league_preset_with_cca_policies():
    season = SeasonFactory()
    assert season.rule_set.slug == "cca-league"
    assert (season.forfeit_game1_minutes, season.forfeit_game2_minutes) == (10, 20)
    assert season.forfeit_all_minutes == 30
    assert (season.forfeit_winner_score, season.forfeit_loser_score) == (10, 0)
    assert (season.forfeit_offenses_playoff_review, season.forfeit_offenses_removal) == (2, 3)
    assert season.playoff_best_of == 3
    assert season.standings_order == ["win_pct", "head_to_head", "sos", "differential"]
    assert season.standings_primary == "win_pct"
    assert season.standings_tiebreaks == ["head_to_head", "sos", "differential"]


def test_the_first_night_must_fall_on_the_league_night():
    season = SeasonFactory.build(starts_on=TUESDAY, league_night=Season.Weekday.WEDNESDAY)
    with pytest.raises(ValidationError) as excinfo:
        season.clean()
    assert "Wednesday" in str(excinfo.value)


@pytest.mark.parametrize(
    "order", [[], ["sos"], ["win_pct", "luck"], ["win_pct", "sos", "sos"], "win_pct"]
)
def test_the_standings_order_starts_with_a_primary_metric_and_repeats_nothing(order):
    season = SeasonFactory.build(standings_order=order)
    with pytest.raises(ValidationError):
        season.clean()


def test_playoffs_last_at_most_two_weeks():
    season = SeasonFactory.build(playoff_weeks=3, league_night=Season.Weekday.TUESDAY)
    with pytest.raises(ValidationError):
        season.full_clean(exclude=["league"])


def test_a_table_holds_one_live_fixture_a_night():
    table = TableFactory()
    first = FixtureFactory(table=table)
    FixtureFactory(table=table, date=first.date, status=Fixture.Status.CANCELLED)
    with pytest.raises(IntegrityError), transaction.atomic():
        FixtureFactory(table=table, date=first.date)


def test_a_team_never_plays_itself():
    team = TeamFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        FixtureFactory(season=team.season, home=team, away=team)


def test_a_moved_fixture_remembers_its_original_date():
    fixture = FixtureFactory(original_date=TUESDAY - datetime.timedelta(days=7))
    assert fixture.was_moved
    assert not FixtureFactory(original_date=None).was_moved
    bye = FixtureFactory(away=None)
    assert bye.is_bye and "bye" in str(bye)


def test_a_regular_is_on_a_team_once_but_may_sub_for_several_fixtures():
    entry = RosterEntryFactory(role=RosterEntry.Role.SUB)
    first = FixtureFactory(season=entry.team.season, home=entry.team)
    second = FixtureFactory(season=entry.team.season, home=entry.team, week=2)
    for fixture in (first, second):
        RosterEntryFactory(
            team=entry.team, player=entry.player, role=RosterEntry.Role.SUB, fixture=fixture
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        RosterEntryFactory(team=entry.team, player=entry.player)


def test_only_subs_belong_to_a_fixture():
    fixture = FixtureFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        RosterEntryFactory(team=fixture.home, fixture=fixture, role=RosterEntry.Role.PLAYER)
