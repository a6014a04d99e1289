"""Playoffs: eligible teams seeded by ranking then SOS, byes, best-of-3 series, a champion."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from algorithms.standings import StandingRow, seed_playoffs
from league.nights.models import FixtureGame, PlayoffReview
from league.nights.services.forfeits import forfeit_record, playoff_review_decide
from league.nights.services.results import GameScore, fixture_confirm_cards, fixture_submit_scores
from league.playoffs.models import PlayoffBracket, PlayoffMatch
from league.playoffs.services import (
    playoff_match_award,
    playoff_round_set_date,
    playoff_seeds,
    playoffs_create,
)
from league.seasons.models import Fixture, Season, Team
from league.seasons.services.rosters import sub_add, sub_decide
from tests.factories import director_user, manager_user
from tests.league.factories import WaiverFactory
from tests.league.night_factories import (
    captain_of,
    finished_season,
    fixture_between,
    playoff_dates,
)

pytestmark = pytest.mark.django_db

SIX = ["One", "Two", "Three", "Four", "Five", "Six"]


@pytest.fixture
def confirm(django_capture_on_commit_callbacks):
    """Play a series game: the home captain enters it, the away captain confirms (on commit)."""

    def play_game(fixture, number, home, away):
        fixture_submit_scores(
            fixture=fixture,
            user=captain_of(fixture.home),
            scores=[GameScore(number, home, away)],
        )
        with django_capture_on_commit_callbacks(execute=True):
            fixture_confirm_cards(fixture=fixture, user=captain_of(fixture.away))

    return play_game


def _match(bracket, round_, position):
    return PlayoffMatch.objects.select_related("fixture", "top", "bottom", "winner").get(
        bracket=bracket, round=round_, position=position
    )


def _today_fixture(match):
    """Series are played on their round's date; move it to today so cards may be entered."""
    Fixture.objects.filter(pk=match.fixture_id).update(date=timezone.localdate())
    return Fixture.objects.get(pk=match.fixture_id)


def test_seeds_follow_the_ranking_then_strength_of_schedule():
    # Same rank, better SOS first; the pure function keeps standings order otherwise.
    def row(team, rank, sos):
        return StandingRow(team, rank, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, sos, 0, 0)

    rows = [row("a", 1, 0.4), row("b", 1, 0.6), row("c", 3, 0.9), row("d", 4, 0.1)]
    assert seed_playoffs(rows) == ["b", "a", "c", "d"]
    assert seed_playoffs(rows, ineligible={"b"}, limit=2) == ["a", "c"]


def test_every_eligible_team_makes_it_except_removed_and_excluded_ones():
    season, teams = finished_season({"A": SIX})
    teams["Two"].status = Team.Status.REMOVED
    teams["Two"].save()
    forfeit = forfeit_record(
        fixture=fixture_between(season, teams["Five"], teams["Six"], 1),
        team=teams["Five"],
        by=manager_user(),
        no_show=True,
    )
    PlayoffReview.objects.create(
        season=season, team=teams["Five"], forfeit=forfeit, decision="exclude"
    )
    (group,) = playoff_seeds(season)
    assert [Team.objects.get(pk=t).name for t in group.team_ids] == ["One", "Three", "Four", "Six"]


def test_six_teams_give_the_top_two_seeds_byes(confirm):
    season, teams = finished_season({"A": SIX})
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    first_round = list(bracket.matches.filter(round=1).order_by("position"))
    assert [(m.top_seed, m.bottom_seed, m.is_bye) for m in first_round] == [
        (1, None, True),
        (4, 5, False),
        (2, None, True),
        (3, 6, False),
    ]
    semis = list(bracket.matches.filter(round=2).order_by("position"))
    assert [m.top_id for m in semis] == [teams["One"].pk, teams["Two"].pk]
    # Only ready series have fixtures: 4 v 5 and 3 v 6, home = the better seed.
    fixtures = Fixture.objects.filter(stage="playoff").order_by("home__name")
    assert [(f.home.name, f.away.name, f.week, f.games) for f in fixtures] == [
        ("Four", "Five", season.weeks + 1, 3),
        ("Three", "Six", season.weeks + 1, 3),
    ]
    assert list(
        FixtureGame.objects.filter(fixture=fixtures[0]).values_list("number", flat=True)
    ) == [1, 2]


def test_a_best_of_three_needs_the_third_game_only_at_one_all_and_runs_to_a_champion(confirm):
    season, teams = finished_season({"A": ["One", "Two", "Three", "Four"]})
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    one_four = _today_fixture(_match(bracket, 1, 1))
    confirm(one_four, 1, 10, 7)
    confirm(one_four, 2, 10, 8)  # 2-0: no third game
    assert FixtureGame.objects.filter(fixture=one_four).count() == 2
    assert _match(bracket, 1, 1).winner == teams["One"]

    two_three = _today_fixture(_match(bracket, 1, 2))
    confirm(two_three, 1, 10, 4)
    confirm(two_three, 2, 6, 10)  # 1-1: game 3 appears
    assert FixtureGame.objects.filter(fixture=two_three).count() == 3
    confirm(two_three, 3, 3, 10)
    semi = _match(bracket, 1, 2)
    assert (semi.winner, semi.top_wins, semi.bottom_wins) == (teams["Three"], 1, 2)

    final = _match(bracket, 2, 1)
    assert (final.top, final.bottom) == (teams["One"], teams["Three"])
    assert final.fixture.date == playoff_dates(season)[1]
    final_fixture = _today_fixture(final)
    confirm(final_fixture, 1, 2, 10)
    confirm(final_fixture, 2, 4, 10)
    bracket.refresh_from_db()
    assert bracket.champion == teams["Three"]
    assert Fixture.objects.get(pk=final_fixture.pk).status == Fixture.Status.PLAYED


def test_a_forfeited_series_goes_to_the_opponent():
    season, teams = finished_season({"A": ["One", "Two"]})
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    fixture = _today_fixture(_match(bracket, 1, 1))
    forfeit_record(fixture=fixture, team=teams["Two"], by=manager_user(), one_player=True)
    bracket.refresh_from_db()
    assert bracket.champion == teams["One"]


def test_per_level_brackets_and_a_combined_one():
    levels = {"A": ["A1", "A2", "A3"], "B": ["B1", "B2"]}
    season, _ = finished_season(levels)
    brackets = playoffs_create(season=season, by=manager_user(), round_dates=playoff_dates(season))
    assert [(b.name, b.seeds.count()) for b in brackets] == [("Level A", 3), ("Level B", 2)]
    combined, teams = finished_season(levels, playoff_grouping=Season.PlayoffGrouping.COMBINED)
    (bracket,) = playoffs_create(
        season=combined, by=manager_user(), round_dates=playoff_dates(combined)
    )
    assert bracket.skill_level is None and bracket.seeds.count() == 5


def test_the_playoffs_wait_for_the_regular_season_and_the_managers_decisions():
    season, teams = finished_season({"A": ["One", "Two", "Three"]})
    open_fixture = fixture_between(season, teams["One"], teams["Two"], 2)
    manager = manager_user()
    with pytest.raises(ValidationError, match="1 regular-season fixture is still open"):
        playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    open_fixture.status = Fixture.Status.CANCELLED
    open_fixture.save()
    forfeit = forfeit_record(
        fixture=fixture_between(season, teams["Three"], teams["One"], 3),
        team=teams["Three"],
        by=manager,
        no_show=True,
    )
    review = PlayoffReview.objects.create(season=season, team=teams["Three"], forfeit=forfeit)
    Fixture.objects.filter(pk=forfeit.fixture_id).update(status=Fixture.Status.PLAYED)
    with pytest.raises(ValidationError, match="pending playoff reviews"):
        playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    playoff_review_decide(review=review, by=manager, decision="keep")
    playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    with pytest.raises(ValidationError, match="already seeded"):
        playoff_review_decide(review=review, by=manager, decision="exclude")


def test_rounds_fit_in_at_most_two_weeks_in_order_and_not_in_the_past():
    season, _ = finished_season({"A": ["One", "Two", "Three", "Four"]})
    manager = manager_user()
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    for dates, message in (
        ([tomorrow], "each of the 2 rounds"),
        ([tomorrow, tomorrow + datetime.timedelta(days=14)], "at most 2 weeks"),
        ([tomorrow + datetime.timedelta(days=3), tomorrow], "on or after"),
        ([tomorrow - datetime.timedelta(days=3), tomorrow], "past"),
    ):
        with pytest.raises(ValidationError, match=message):
            playoffs_create(season=season, by=manager, round_dates=dates)
    assert not PlayoffBracket.objects.exists()
    # Other days than the league night are fine, even the same day for both rounds.
    playoffs_create(season=season, by=manager, round_dates=[tomorrow, tomorrow])


@pytest.mark.parametrize("who", ["captain", "director"])
def test_only_managers_seed_award_and_move_rounds(who):
    season, teams = finished_season({"A": ["One", "Two"]})
    user = captain_of(teams["One"]) if who == "captain" else director_user()
    with pytest.raises(PermissionDenied):
        playoffs_create(season=season, by=user, round_dates=playoff_dates(season))
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    with pytest.raises(PermissionDenied):
        playoff_match_award(match=_match(bracket, 1, 1), winner=teams["One"], by=user, reason="x")
    with pytest.raises(PermissionDenied):
        playoff_round_set_date(bracket=bracket, number=1, date=playoff_dates(season)[1], by=user)


def test_a_manager_awards_a_series_and_moves_a_round():
    season, teams = finished_season({"A": ["One", "Two", "Three", "Four"]})
    manager = manager_user()
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    new_date = playoff_dates(season)[0] + datetime.timedelta(days=1)
    playoff_round_set_date(bracket=bracket, number=1, date=new_date, by=manager)
    assert set(Fixture.objects.filter(stage="playoff").values_list("date", flat=True)) == {new_date}
    match = _match(bracket, 1, 1)
    with pytest.raises(ValidationError, match="why"):
        playoff_match_award(match=match, winner=teams["One"], by=manager, reason="")
    with pytest.raises(ValidationError, match="isn't playing"):
        playoff_match_award(match=match, winner=teams["Two"], by=manager, reason="No.")
    playoff_match_award(
        match=match, winner=teams["Four"], by=manager, reason="One can't field two."
    )
    assert _match(bracket, 2, 1).top == teams["Four"]


def test_a_team_removed_during_the_playoffs_loses_its_open_series():
    season, teams = finished_season({"A": ["One", "Two"]})
    manager = manager_user()
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    from league.playoffs.services import playoffs_team_removed

    playoffs_team_removed(team=teams["One"])
    bracket.refresh_from_db()
    assert bracket.champion == teams["Two"]
    assert "removed" in _match(bracket, 1, 1).award_reason


@pytest.mark.parametrize(
    ("policy", "approve", "then", "allowed"),
    [
        ("approval", None, None, False),  # waiting for the manager
        ("approval", True, None, True),
        ("allowed", None, None, True),
        ("allowed", None, "not_allowed", False),  # the policy changed since
    ],
)
def test_playoff_subs_follow_the_seasons_policy(policy, approve, then, allowed):
    season, teams = finished_season({"A": ["One", "Two"]}, playoff_subs=policy)
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    fixture = _today_fixture(_match(bracket, 1, 1))
    sub = sub_add(team=teams["Two"], fixture=fixture, name="Sam Sub", email="sam@example.com")
    WaiverFactory(player=sub.player, season=season)
    if approve is not None:
        sub_decide(entry=sub, approve=approve)
    if then is not None:
        Season.objects.filter(pk=season.pk).update(playoff_subs=then)
        fixture.refresh_from_db()

    def submit():
        return fixture_submit_scores(
            fixture=fixture, user=captain_of(teams["One"]), scores=[GameScore(1, 10, 3)]
        )

    if allowed:
        assert len(submit()) == 1
    else:
        with pytest.raises(ValidationError, match="Sam Sub"):
            submit()


def test_no_sub_can_be_added_when_the_playoffs_allow_none():
    season, teams = finished_season({"A": ["One", "Two"]}, playoff_subs="not_allowed")
    (bracket,) = playoffs_create(
        season=season, by=manager_user(), round_dates=playoff_dates(season)
    )
    with pytest.raises(ValidationError, match="aren't allowed"):
        sub_add(team=teams["Two"], fixture=_match(bracket, 1, 1).fixture, name="Sam Sub")


def test_round_dates_outside_the_date_window_are_refused():
    season, teams = finished_season({"A": ["One", "Two", "Three", "Four"]})
    manager = manager_user()
    far = datetime.date(9999, 12, 30)
    with pytest.raises(ValidationError, match="Pick a date between Sat 1 Jan 2000 and"):
        playoffs_create(season=season, by=manager, round_dates=[far, far])
    assert not PlayoffBracket.objects.exists()
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    with pytest.raises(ValidationError, match="Pick a date between"):
        playoff_round_set_date(bracket=bracket, number=2, date=far, by=manager)
    assert bracket.rounds.get(number=2).date == playoff_dates(season)[1]


def test_an_award_reason_too_long_or_with_control_characters_is_refused_not_cut():
    season, teams = finished_season({"A": ["One", "Two", "Three", "Four"]})
    manager = manager_user()
    (bracket,) = playoffs_create(season=season, by=manager, round_dates=playoff_dates(season))
    match = _match(bracket, 1, 1)
    for reason, message in (("r" * 201, "Keep the reason to 200"), ("x\x1by", "can't be shown")):
        with pytest.raises(ValidationError, match=message):
            playoff_match_award(match=match, winner=match.top, by=manager, reason=reason)
    assert _match(bracket, 1, 1).winner is None
