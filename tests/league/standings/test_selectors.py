"""Standings from confirmed cards and forfeits equal a hand-computed example.

Level A: P, Q, R, S; three games a night, first to 10; a forfeit counts 10-0.

    week 1  P v Q  10-4  10-6   8-10     R v S  10-2  10-3  10-9
    week 2  P v R  10-7   5-10  8-10     Q v S  S does not show: three forfeits, 10-0 each
    week 3  P v S  10-1  10-2   9-10     Q v R  10-9   4-10  10-6

By hand (games won-lost, win % = won / played, forfeits included):
    P  5-4  .556  PF 28+23+29 = 80  PA 20+27+13 = 60  diff +20  nights 2-1
    Q  6-3  .667  PF 20+30+24 = 74  PA 28+ 0+25 = 53  diff +21  nights 2-1
    R  6-3  .667  PF 30+27+25 = 82  PA 14+23+24 = 61  diff +21  nights 2-1
    S  1-8  .111  PF 14+ 0+13 = 27  PA 30+30+29 = 89  diff -62  nights 0-3, 1 forfeit

Strength of schedule leaves the forfeited Q v S games out. Counted records: P 5/9,
Q 3/6 (v P 1/3, v R 2/3), R 6/9 (v S 3/3, v P 2/3, v Q 1/3), S 1/6 (v R 0/3, v P 1/3).
OWP, each opponent's percentage without its games against the team, per game played:
    P: Q w/o P 2/3, R w/o P 4/6, S w/o P 0/3   -> (2 + 2 + 0) / 9      = 4/9  = .444
    Q: P w/o Q 3/6, R w/o Q 5/6                -> (1.5 + 2.5) / 6      = 2/3  = .667
    R: S w/o R 1/3, P w/o R 4/6, Q w/o R 1/3   -> (1 + 2 + 1) / 9      = 4/9  = .444
    S: R w/o S 3/6, P w/o S 3/6                -> (1.5 + 1.5) / 6      = 1/2  = .500
OOWP, the opponents' OWP averaged the same way:
    P: (2/3 + 4/9 + 1/2) / 3 = 29/54 = .537      Q: (4/9 + 4/9) / 2 = 4/9 = .444
    R: (1/2 + 4/9 + 2/3) / 3 = 29/54 = .537      S: (4/9 + 4/9) / 2 = 4/9 = .444
Ranking (win %, head-to-head, SOS, differential): Q and R tie at .667; Q won their
meeting 2-1, so Q 1st, R 2nd, P 3rd, S 4th.
"""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from league.nights.services.forfeits import forfeit_record
from league.seasons.versions import season_changed, season_versions
from league.standings.selectors import (
    live_standings,
    order_description,
    played_weeks,
    season_game_records,
    standing_rows,
    standings_page_read,
)
from league.standings.services import standings_publish
from tests.factories import manager_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def example():
    season = night_season(weeks=3)
    teams = {name: ready_team(season, name)[1] for name in "PQRS"}

    def meet(week, home, away, *scores):
        fixture = fixture_between(season, teams[home], teams[away], week)
        if scores:
            play(fixture, *scores)
        return fixture

    meet(1, "P", "Q", (10, 4), (10, 6), (8, 10))
    meet(1, "R", "S", (10, 2), (10, 3), (10, 9))
    meet(2, "P", "R", (10, 7), (5, 10), (8, 10))
    no_show = meet(2, "Q", "S")
    forfeit_record(fixture=no_show, team=teams["S"], by=manager_user(), no_show=True)
    meet(3, "P", "S", (10, 1), (10, 2), (9, 10))
    meet(3, "Q", "R", (10, 9), (4, 10), (10, 6))
    return season, teams


def _line(row):
    return (
        row.team_name,
        row.rank,
        (row.games_won, row.games_lost),
        row.win_pct,
        (row.points_for, row.points_against, row.differential),
        (row.fixtures_won, row.fixtures_lost, row.fixtures_tied),
        row.forfeits,
        row.sos,
        row.oowp,
    )


def test_the_standings_equal_the_hand_computed_example(example):
    season, _ = example
    (level,) = live_standings(season)
    assert level.level.name == "A"
    assert [_line(row) for row in level.rows] == [
        (
            "Q",
            1,
            (6, 3),
            Decimal("0.6667"),
            (74, 53, 21),
            (2, 1, 0),
            0,
            Decimal("0.6667"),
            Decimal("0.4444"),
        ),
        (
            "R",
            2,
            (6, 3),
            Decimal("0.6667"),
            (82, 61, 21),
            (2, 1, 0),
            0,
            Decimal("0.4444"),
            Decimal("0.5370"),
        ),
        (
            "P",
            3,
            (5, 4),
            Decimal("0.5556"),
            (80, 60, 20),
            (2, 1, 0),
            0,
            Decimal("0.4444"),
            Decimal("0.5370"),
        ),
        (
            "S",
            4,
            (1, 8),
            Decimal("0.1111"),
            (27, 89, -62),
            (0, 3, 0),
            1,
            Decimal("0.5000"),
            Decimal("0.4444"),
        ),
    ]


def test_the_forfeited_games_are_booked_ten_nil_against_the_team_that_forfeited(example):
    season, teams = example
    forfeits = [r for r in season_game_records(season) if r.forfeit_by is not None]
    assert len(forfeits) == 3
    assert {(r.team_a, r.team_b, r.score_a, r.score_b) for r in forfeits} == {
        (teams["Q"].pk, teams["S"].pk, 10, 0)
    }


def test_the_tiebreak_order_is_the_seasons(example):
    season, _ = example
    season.standings_order = ["win_pct", "points_for", "head_to_head"]
    season.save()
    (level,) = live_standings(season)
    assert [row.team_name for row in level.rows][:2] == ["R", "Q"]
    assert order_description(season.standings_order) == (
        "Ranked by winning percentage, then points for, then head-to-head games won among "
        "the tied teams"
    )


def test_standings_through_a_week_ignore_later_weeks(example):
    season, _ = example
    (level,) = live_standings(season, through_week=1)
    assert [(r.team_name, r.games_won, r.games_lost) for r in level.rows] == [
        ("R", 3, 0),
        ("P", 2, 1),
        ("Q", 1, 2),
        ("S", 0, 3),
    ]


def test_a_removed_team_has_no_row_but_its_games_stay_in_the_others_records(example):
    season, teams = example
    teams["S"].status = "removed"
    teams["S"].save()
    rows = standing_rows(season)[str(teams["P"].skill_level_id)]
    assert [r.team for r in rows] == [teams["Q"].pk, teams["R"].pk, teams["P"].pk]
    assert rows[-1].games_won == 5  # still counts its two wins over S


def test_each_skill_level_is_ranked_on_its_own():
    season = night_season(levels=("A", "B"))
    a1, a2 = (ready_team(season, n, "A")[1] for n in ("A1", "A2"))
    b1, b2 = (ready_team(season, n, "B")[1] for n in ("B1", "B2"))
    play(fixture_between(season, a1, a2, 1), (10, 1), (10, 2), (10, 3))
    play(fixture_between(season, b1, b2, 1), (1, 10), (2, 10), (3, 10))
    levels = live_standings(season)
    assert [(lv.level.name, [r.team_name for r in lv.rows]) for lv in levels] == [
        ("A", ["A1", "A2"]),
        ("B", ["B2", "B1"]),
    ]


def test_the_played_weeks_come_one_row_a_week(django_assert_num_queries):
    """Regression: DISTINCT over the fixtures' default order kept a row per fixture (4,960
    rows instead of 20 for a 500-team season) on every manager's view of the standings."""
    season = night_season(weeks=3, levels=("A",))
    teams = [ready_team(season, f"T{i}")[1] for i in range(6)]
    for week in (1, 2, 3):
        for home, away in ((0, 1), (2, 3), (4, 5)):
            fixture_between(season, teams[home], teams[away], week)
    with django_assert_num_queries(1):
        assert played_weeks(season) == [1, 2, 3]


def test_the_games_are_read_without_a_sort(example):
    """Regression: the default order joined four tables and sorted every game."""
    with CaptureQueriesContext(connection) as queries:
        season_game_records(example[0])
    (query,) = queries.captured_queries
    assert "ORDER BY" not in query["sql"]


def test_the_page_reads_the_season_its_weeks_and_versions_in_one_query(
    example, django_assert_num_queries, django_capture_on_commit_callbacks
):
    (season, _), manager = example, manager_user()
    with django_capture_on_commit_callbacks(execute=True):
        season_changed(season, results=True)
    for week in (1, 3):
        standings_publish(season=season, week=week, by=manager)
    slugs = (season.league.slug, season.slug)
    with django_assert_num_queries(1):
        found, weeks, versions = standings_page_read(*slugs)
        assert (found.pk, found.name) == (season.pk, season.name)
        assert found.league.name == season.league.name
        assert found.standings_order == season.standings_order  # JSON, decoded
        assert [(w.week, w.season) for w in weeks] == [(3, found), (1, found)]
        assert isinstance(weeks[0].published_at, datetime.datetime)
    assert versions == season_versions(season)


def test_the_page_reads_a_season_with_nothing_published_and_refuses_an_unknown_one(example):
    season, _ = example
    found, weeks, versions = standings_page_read(season.league.slug, season.slug)
    assert found == season and weeks == [] and versions == season_versions(season)
    with pytest.raises(Http404):
        standings_page_read(season.league.slug, "no-such-season")
