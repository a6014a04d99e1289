"""The start page's reads: a person's teams' fixtures that matter now, and a manager's nights."""

import datetime

import pytest
from django.utils import timezone

from league.nights.selectors.tonight import league_nights, team_fixtures_due, tonight_for
from league.nights.services.forfeits import forfeit_record
from league.nights.services.results import (
    GameScore,
    fixture_dispute_card,
    fixture_submit_scores,
)
from league.seasons.models import Fixture, RosterEntry, Season, Team
from tests.factories import RosterEntryFactory, manager_user
from tests.league.factories import WaiverFactory
from tests.league.night_factories import fixture_between, night, night_season, play, ready_team

pytestmark = pytest.mark.django_db

DAY = datetime.timedelta(days=1)


def _fixture(n, days: int) -> Fixture:
    """Another fixture between the night's two teams, `days` from today."""
    return Fixture.objects.create(
        season=n.season,
        week=2,
        date=timezone.localdate() + days * DAY,
        home=n.home,
        away=n.away,
        games=3,
    )


def test_tonights_fixture_is_shown_and_not_next_weeks():
    n = night(date=timezone.localdate())
    _fixture(n, 7)
    dues = team_fixtures_due(n.home_captain)
    assert [due.fixture for due in dues] == [n.fixture]


def test_without_a_fixture_tonight_the_next_one_is_shown():
    n = night(date=timezone.localdate() - 14 * DAY)
    play(n.fixture, (10, 4), (10, 6), (4, 10))
    later = _fixture(n, 14)
    nearer = _fixture(n, 7)
    assert [due.fixture for due in team_fixtures_due(n.away_captain)] == [nearer]
    assert later != nearer


def test_last_nights_cards_still_open_come_first():
    n = night(date=timezone.localdate() - DAY)
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    ahead = _fixture(n, 6)
    dues = team_fixtures_due(n.away_captain)
    assert [due.fixture for due in dues] == [n.fixture, ahead]
    assert dues[0].action.label == "Confirm the card"
    assert dues[1].action is None


def test_a_played_night_is_gone_the_next_day():
    n = night(date=timezone.localdate() - DAY)
    play(n.fixture, (10, 4), (10, 6), (4, 10))
    assert team_fixtures_due(n.home_captain) == []


def test_a_draft_schedule_shows_nobody_its_fixtures():
    n = night(date=timezone.localdate())
    Season.objects.filter(pk=n.season.pk).update(schedule_state=Season.ScheduleState.DRAFT)
    assert team_fixtures_due(n.home_captain) == []


def test_fixtures_with_a_step_due_come_before_the_others():
    today = timezone.localdate()
    first = night(date=today)  # its away captain waits for the home captain's card
    captain = first.away_captain
    season = night_season()
    _, host = ready_team(season, "Host")
    second = Team.objects.create(season=season, name="Second", skill_level=host.skill_level)
    for entry in (
        RosterEntryFactory(team=second, player=captain.player, role=RosterEntry.Role.CAPTAIN),
        RosterEntryFactory(team=second),
    ):
        WaiverFactory(player=entry.player, season=season)
    entering = Fixture.objects.create(
        season=season, week=1, date=today, home=second, away=host, games=3
    )
    dues = team_fixtures_due(captain)
    assert [due.fixture for due in dues] == [entering, first.fixture]
    assert [due.action and due.action.label for due in dues] == ["Enter the card", None]


def test_a_manager_sees_each_seasons_night_with_what_it_still_needs():
    n = night(date=timezone.localdate())
    manager = manager_user(league=n.season.league)
    disputed = night(n.season, date=timezone.localdate())
    fixture_submit_scores(
        fixture=disputed.fixture,
        user=disputed.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 10, 6)],
    )
    fixture_dispute_card(
        fixture=disputed.fixture, number=1, user=disputed.away_captain, reason="It was 10-8."
    )
    (season_night,) = league_nights(manager)
    assert season_night.season == n.season
    assert (season_night.tonight, season_night.tonight_done) == (2, 0)
    assert (season_night.missing, season_night.waiting, season_night.disputes) == (2, 1, 1)
    labels = [link.label for link in season_night.to_do]
    assert labels == [
        "Settle 1 disputed card",
        "2 fixtures missing cards",
        "1 card waiting for confirmation",
    ]
    assert season_night.to_do[0].url.endswith("/manage/results/")


def test_a_manager_rules_on_a_playoff_place_after_a_second_forfeit():
    season = night_season()
    manager = manager_user(league=season.league)
    _, late = ready_team(season, "Late")
    for week, opponent in ((1, "One"), (2, "Two")):
        fixture = fixture_between(season, ready_team(season, opponent)[1], late, week)
        forfeit_record(fixture=fixture, team=late, by=manager, no_show=True)
    (season_night,) = league_nights(manager)
    assert season_night.reviews == 1
    assert season_night.to_do[0].label == "Rule on 1 playoff place after a forfeit"
    assert season_night.to_do[0].url.endswith("/manage/forfeits/")


def test_another_leagues_manager_sees_nothing_of_this_one():
    n = night(date=timezone.localdate())
    elsewhere = night(night_season(), date=timezone.localdate())
    manager = manager_user(league=elsewhere.season.league)
    assert [night.season for night in league_nights(manager)] == [elsewhere.season]
    assert n.season not in [night.season for night in league_nights(manager)]


def test_a_quiet_season_without_a_night_tonight_is_left_out():
    n = night(date=timezone.localdate() - 7 * DAY)
    play(n.fixture, (10, 4), (10, 6), (4, 10))
    assert league_nights(manager_user(league=n.season.league)) == []


def test_the_start_page_reads_nothing_for_someone_signed_out():
    from django.contrib.auth.models import AnonymousUser

    tonight = tonight_for(AnonymousUser())
    assert tonight.fixtures == [] and tonight.nights == []
