"""Who is left without a game on a night, what is proposed, in a fixed number of queries."""

import datetime

import pytest
from django.utils import timezone

from league.nights.models import Forfeit
from league.nights.selectors.makeups import (
    makeup_dates,
    makeup_night,
    makeup_nights,
    nights_needing_makeups,
    teams_without_game,
)
from league.nights.services.forfeits import forfeit_overturn
from league.nights.services.makeups import makeup_arrange
from league.seasons.models import Team
from tests.league.nights.makeups.factories import fixture_on, forfeit_night

pytestmark = pytest.mark.django_db


def _names(waiting) -> list[tuple[str, str]]:
    return [(w.team.name, w.why) for w in waiting]


def test_the_forfeited_against_teams_and_the_bye_team_are_without_a_game():
    night = forfeit_night()
    assert _names(teams_without_game(night.season, night.date)) == [
        ("A1", "forfeited_against"),
        ("A3", "forfeited_against"),
        ("B1", "forfeited_against"),
        ("A7", "bye"),
    ]
    waiting = teams_without_game(night.season, night.date)
    assert waiting[0].why_label == "A2 forfeited"


def test_the_proposals_pair_two_forfeited_against_teams_of_a_level_first():
    night = forfeit_night()
    same = makeup_night(night.season, night.date)
    assert [(p.home.team.name, p.away.team.name) for p in same.proposals] == [("A1", "A3")]
    assert [w.team.name for w in same.unpaired] == ["B1"]
    across = makeup_night(night.season, night.date, across_levels=True)
    pairs = {(p.home.team.name, p.away.team.name, p.across_levels) for p in across.proposals}
    assert pairs == {("A1", "A3", False), ("A7", "B1", True)}


def test_an_overturned_or_recorded_forfeit_leaves_nobody_waiting_for_it():
    night = forfeit_night()
    forfeit = Forfeit.objects.get(team=night.teams["A4"])
    forfeit_overturn(forfeit=forfeit, by=night.manager, reason="They found a partner.")
    Forfeit.objects.filter(team=night.teams["B2"]).update(reason=Forfeit.Reason.NO_SHOW)
    assert _names(teams_without_game(night.season, night.date)) == [
        ("A1", "forfeited_against"),
        ("A7", "bye"),
    ]


def test_a_team_that_forfeits_too_or_is_withdrawn_or_has_a_makeup_is_not_listed():
    night = forfeit_night()
    Forfeit.objects.create(
        fixture=night.fixtures["A1"], team=night.teams["A1"], reason="announced", games=[1, 2, 3]
    )
    Team.objects.filter(pk=night.teams["A7"].pk).update(status=Team.Status.WITHDRAWN)
    makeup_arrange(
        by=night.manager, team_a=night.teams["A3"], team_b=night.teams["B1"], date=night.date
    )
    current = makeup_night(night.season, night.date)
    assert current.waiting == []
    assert [(f.home.name, f.away.name) for f in current.arranged] == [("A3", "B1")]


def test_a_team_with_another_game_that_night_is_not_listed():
    night = forfeit_night()
    fixture_on(night.season, night.teams["A1"], night.teams["A6"], night.date)
    assert "A1" not in [w.team.name for w in teams_without_game(night.season, night.date)]


def test_only_upcoming_nights_with_an_announced_forfeit_or_a_makeup_are_listed():
    night = forfeit_night()
    past = timezone.localdate() - datetime.timedelta(days=7)
    fixture_on(night.season, night.teams["A1"], night.teams["A2"], past)
    later = night.date + datetime.timedelta(days=7)
    fixture_on(night.season, night.teams["A7"], night.teams["A1"], later)  # nothing forfeited
    assert makeup_dates(night.season) == [night.date]
    assert [n.date for n in nights_needing_makeups(night.season)] == [night.date]


def test_the_night_takes_two_queries_and_the_page_three(django_assert_num_queries):
    night = forfeit_night()
    with django_assert_num_queries(2):
        night_view = makeup_night(night.season, night.date, across_levels=True)
        [w.why_label for w in night_view.waiting]
        [(f.home.name, f.away, f.table) for f in night_view.arranged]
    with django_assert_num_queries(3):
        nights = makeup_nights(night.season)
        [(w.team.skill_level, w.why_label) for n in nights for w in n.waiting]


def test_a_season_with_nothing_to_make_up_costs_one_query(django_assert_num_queries):
    night = forfeit_night(announce=False)
    with django_assert_num_queries(1):
        assert nights_needing_makeups(night.season) == []
