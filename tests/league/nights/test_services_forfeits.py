"""Forfeits: recorded and announced, booked as losses, escalated to removal, overturned."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.nights.models import FixtureGame, Forfeit, PlayoffReview
from league.nights.selectors.forfeits import excluded_from_playoffs
from league.nights.selectors.results import fixture_result
from league.nights.services.forfeits import (
    forfeit_announce,
    forfeit_overturn,
    forfeit_record,
    playoff_review_decide,
)
from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.models import Fixture, Team
from league.seasons.versions import season_versions
from league.standings.models import RaceState
from notices.models import Notice
from tests.factories import director_user, manager_user, player_user
from tests.league.night_factories import fixture_between, night, night_season, play, ready_team

pytestmark = pytest.mark.django_db


def _marks(fixture):
    return dict(
        FixtureGame.objects.filter(fixture=fixture).values_list("number", "forfeited_by_id")
    )


def test_twenty_minutes_late_forfeits_games_one_and_two_as_ten_nil_losses():
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=20)
    assert (forfeit.games, forfeit.reason, forfeit.offense) == ([1, 2], "late", 1)
    assert _marks(n.fixture) == {1: n.away.pk, 2: n.away.pk, 3: None}
    lines = fixture_result(n.fixture.pk).games
    assert [(g.state, g.home_score, g.away_score, g.winner) for g in lines[:2]] == [
        ("forfeit", 10, 0, "home")
    ] * 2
    assert lines[2].state == "empty"


def test_being_late_less_than_ten_minutes_costs_nothing():
    n = night()
    with pytest.raises(ValidationError, match="costs nothing"):
        forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=9)
    assert not Forfeit.objects.exists()


@pytest.mark.parametrize("how", [{"one_player": True}, {"no_show": True}, {"minutes_late": 30}])
def test_only_one_player_a_no_show_or_thirty_minutes_forfeits_all_three(how):
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.home, by=n.away_captain, **how)
    assert forfeit.games == [1, 2, 3]
    assert set(_marks(n.fixture).values()) == {n.home.pk}


def test_a_later_report_extends_the_same_nights_forfeit_without_a_new_offence():
    n = night()
    first = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=12)
    again = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=15)
    later = forfeit_record(fixture=n.fixture, team=n.away, by=manager_user(), minutes_late=31)
    assert first.pk == again.pk == later.pk
    assert (later.games, later.offense) == ([1, 2, 3], 1)
    assert Notice.objects.filter(kind=Notice.Kind.FORFEIT_WARNING).count() == 1


def test_a_forfeited_game_needs_no_card_and_the_rest_are_played(
    django_capture_on_commit_callbacks,
):
    n = night()
    forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=20)
    with pytest.raises(ValidationError, match="forfeited"):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 0)])
    with django_capture_on_commit_callbacks(execute=True):
        play_third(n)
    n.fixture.refresh_from_db()
    assert n.fixture.status == Fixture.Status.PLAYED
    result = fixture_result(n.fixture.pk)
    assert (result.home_wins, result.away_wins) == (2, 1)


def play_third(n):
    from league.nights.services.results import fixture_confirm_cards

    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(3, 8, 10)])
    fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)


def test_a_game_with_a_confirmed_card_cannot_be_forfeited():
    n = night()
    play(n.fixture, (10, 4))
    with pytest.raises(ValidationError, match="already has a confirmed card"):
        forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, one_player=True)


def test_a_game_both_teams_forfeit_has_no_result_but_both_offences_count():
    n = night()
    forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=10)
    forfeit_record(fixture=n.fixture, team=n.home, by=n.away_captain, minutes_late=20)
    states = [g.state for g in fixture_result(n.fixture.pk).games]
    assert states == ["no_result", "forfeit", "empty"]
    assert _marks(n.fixture)[2] == n.home.pk
    assert Forfeit.objects.filter(offense=1).count() == 2


@pytest.mark.parametrize("who", ["anonymous", "player", "other_captain", "director"])
def test_only_the_fixtures_captains_and_managers_record_a_forfeit(who):
    from django.contrib.auth.models import AnonymousUser

    n = night()
    user = {
        "anonymous": AnonymousUser,
        "player": lambda: player_user(team=n.home)[0],
        "other_captain": lambda: ready_team(n.season, "Bystanders")[0],
        "director": director_user,
    }[who]()
    with pytest.raises(PermissionDenied):
        forfeit_record(fixture=n.fixture, team=n.away, by=user, minutes_late=30)
    assert not Forfeit.objects.exists()


def test_a_captain_announces_a_forfeit_ahead_and_the_opponent_is_told():
    season = night_season()
    n = night(season, date=timezone.localdate() + datetime.timedelta(days=5))
    with pytest.raises(PermissionDenied):
        forfeit_announce(fixture=n.fixture, team=n.home, by=n.away_captain)
    forfeit = forfeit_announce(fixture=n.fixture, team=n.home, by=n.home_captain, note="Away.")
    assert (forfeit.reason, forfeit.games) == ("announced", [1, 2, 3])
    told = Notice.objects.get(kind=Notice.Kind.GENERAL)
    assert "won't play you" in told.subject
    assert list(told.messages.values_list("player_id", flat=True)) == [n.away_captain.player.pk]


def test_a_forfeit_is_announced_only_before_the_night_starts():
    n = night()
    with pytest.raises(ValidationError, match="has started"):
        forfeit_announce(fixture=n.fixture, team=n.home, by=n.home_captain)


def _rivals(season, count):
    return [ready_team(season, f"Rival {i}")[1] for i in range(count)]


def _three_nights(season, team):
    """Weeks 1-3 played against three rivals, then weeks 4-5 to come (in the past for cards)."""
    rivals = _rivals(season, 5)
    return [fixture_between(season, team, rival, week) for week, rival in enumerate(rivals, 1)]


def test_escalation_to_the_third_offence_removes_the_team_and_leaves_its_results():
    season = night_season()
    captain, team = ready_team(season, "Often Late")
    fixtures = _three_nights(season, team)
    play(fixtures[0], (10, 6), (10, 7), (4, 10))
    rival_captain = fixtures[1].away.roster.get(role="captain").player.user

    first = forfeit_record(fixture=fixtures[1], team=team, by=rival_captain, minutes_late=10)
    assert first.offense == 1 and not PlayoffReview.objects.exists()
    warning = Notice.objects.get(kind=Notice.Kind.FORFEIT_WARNING)
    assert "first forfeit" in warning.body
    assert list(warning.messages.values_list("player_id", flat=True)) == [captain.player.pk]

    second = forfeit_record(fixture=fixtures[2], team=team, by=manager_user(), one_player=True)
    review = PlayoffReview.objects.get()
    assert (second.offense, review.forfeit, review.decision) == (2, second, "pending")

    third = forfeit_record(fixture=fixtures[3], team=team, by=manager_user(), no_show=True)
    team.refresh_from_db()
    assert (third.offense, team.status) == (3, Team.Status.REMOVED)
    last = Fixture.objects.get(pk=fixtures[4].pk)
    assert (last.home_id, last.away_id, last.table_id) == (fixtures[4].away_id, None, None)
    assert not FixtureGame.objects.filter(fixture=last).exists()
    assert fixture_result(fixtures[0].pk).home_wins == 2  # past results stay
    assert Notice.objects.filter(subject__contains="removed from the league").exists()


def test_overturning_recomputes_the_escalation_and_gives_the_fixtures_back():
    season = night_season()
    _, team = ready_team(season, "Often Late")
    fixtures = _three_nights(season, team)
    manager = manager_user()
    forfeits = [
        forfeit_record(fixture=fixtures[i], team=team, by=manager, minutes_late=30)
        for i in range(3)
    ]
    with pytest.raises(ValidationError, match="reason"):
        forfeit_overturn(forfeit=forfeits[1], by=manager, reason="  ")
    forfeit_overturn(forfeit=forfeits[1], by=manager, reason="The venue locked them out.")
    team.refresh_from_db()
    assert team.status == Team.Status.ACTIVE
    assert [Forfeit.objects.get(pk=f.pk).offense for f in (forfeits[0], forfeits[2])] == [1, 2]
    restored = Fixture.objects.get(pk=fixtures[4].pk)
    assert (restored.home_id, restored.away_id) == (team.pk, fixtures[4].away_id)
    assert restored.games == 3
    assert set(_marks(fixtures[1]).values()) == {None}
    decisions = dict(PlayoffReview.objects.values_list("forfeit_id", "decision"))
    assert decisions == {forfeits[1].pk: "void", forfeits[2].pk: "pending"}
    with pytest.raises(ValidationError, match="already"):
        forfeit_overturn(forfeit=forfeits[1], by=manager, reason="Twice.")


@pytest.mark.parametrize("who", ["captain", "director"])
def test_only_managers_overturn_forfeits_and_decide_playoff_places(who):
    n = night()
    forfeit = forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=30)
    user = n.home_captain if who == "captain" else director_user()
    with pytest.raises(PermissionDenied):
        forfeit_overturn(forfeit=forfeit, by=user, reason="Because.")
    review = PlayoffReview.objects.create(season=n.season, team=n.away, forfeit=forfeit)
    with pytest.raises(PermissionDenied):
        playoff_review_decide(review=review, by=user, decision="exclude")


def _second_forfeit():  # type: ignore[no-untyped-def]
    """A team late twice: its second forfeit waits on the manager's playoff decision."""
    season = night_season()
    _, team = ready_team(season, "Twice Late")
    fixtures = _three_nights(season, team)
    manager = manager_user()
    for fixture in fixtures[:2]:
        forfeit_record(fixture=fixture, team=team, by=manager, minutes_late=30)
    return season, team, manager


def test_the_managers_playoff_decision_is_recorded_and_excludes_the_team():
    season, team, manager = _second_forfeit()
    review = PlayoffReview.objects.get()
    with pytest.raises(ValidationError):
        playoff_review_decide(review=review, by=manager, decision="maybe")
    playoff_review_decide(review=review, by=manager, decision="exclude", note="Second no-show.")
    review.refresh_from_db()
    assert (review.decision, review.decided_by, review.note) == (
        "exclude",
        manager,
        "Second no-show.",
    )
    assert excluded_from_playoffs(season) == {team.pk}


def test_a_playoff_decision_moves_the_seasons_results_so_the_race_follows(
    django_capture_on_commit_callbacks,
):
    season, team, manager = _second_forfeit()
    before = season_versions(season).results.key
    with django_capture_on_commit_callbacks(execute=True):
        playoff_review_decide(review=PlayoffReview.objects.get(), by=manager, decision="exclude")
    assert season_versions(season).results.key != before
    assert RaceState.objects.get(team=team).state == "eliminated"


def test_a_note_too_long_is_refused_not_cut_and_nothing_is_recorded():
    n = night()
    for note, message in (("n" * 201, "Keep the note to 200"), ("a\x1bb", "can't be shown")):
        with pytest.raises(ValidationError, match=message):
            forfeit_record(
                fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=20, note=note
            )
    assert not Forfeit.objects.exists()


def test_one_minute_late_is_said_in_the_singular():
    n = night()
    with pytest.raises(ValidationError, match="1 minute late costs nothing yet"):
        forfeit_record(fixture=n.fixture, team=n.away, by=n.home_captain, minutes_late=1)
