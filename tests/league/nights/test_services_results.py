"""Fixture results: games under the season's rule set, captains' cards, closing fixtures."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.nights.models import FixtureGame
from league.nights.rules import fixture_closes_at
from league.nights.services.results import (
    GameScore,
    fixture_close,
    fixture_confirm_cards,
    fixture_dispute_card,
    fixture_games_ensure,
    fixture_submit_scores,
)
from league.seasons.models import Fixture
from scoring.models import RuleSet, Scorecard, ScorecardVersion
from scoring.services import scorecard_settle, scorecard_submit
from tests.factories import director_user, manager_user, player_user
from tests.league.night_factories import night, ready_team

pytestmark = pytest.mark.django_db


def _cards(fixture):
    return {
        fg.number: Scorecard.objects.filter(game=fg.game).first()
        for fg in FixtureGame.objects.filter(fixture=fixture)
    }


def test_each_fixture_gets_three_games_once_under_the_seasons_rule_set():
    n = night()
    first = fixture_games_ensure(fixture=n.fixture)
    again = fixture_games_ensure(fixture=n.fixture)
    assert [fg.number for fg in first] == [1, 2, 3]
    assert [fg.pk for fg in again] == [fg.pk for fg in first]
    game = first[0].game
    assert game.rule_set == n.season.rule_set == RuleSet.objects.get(slug="cca-league")
    assert game.rule_set.time_limit_minutes == 25
    assert (game.ns_team, game.ew_team) == (n.home, n.away)
    assert "Week 1" in game.label and "Game 1" in game.label


def test_a_bye_has_no_games():
    n = night()
    n.fixture.away = None
    n.fixture.save()
    assert fixture_games_ensure(fixture=n.fixture) == []


def test_unplayed_games_follow_the_fixture_when_a_manager_swaps_a_team():
    n = night()
    fixture_games_ensure(fixture=n.fixture)
    _, other = ready_team(n.season, "Latecomers")
    n.fixture.away = other
    n.fixture.save()
    games = fixture_games_ensure(fixture=n.fixture)
    assert {fg.game.ew_team_id for fg in games} == {other.pk}


def test_the_home_captain_submits_and_the_away_captain_confirms(
    django_capture_on_commit_callbacks,
):
    n = night()
    versions = fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 6, 10), GameScore(3, 10, 9)],
    )
    assert [v.submitted_for for v in versions] == ["NS"] * 3
    assert {c.status for c in _cards(n.fixture).values()} == {"submitted"}
    with django_capture_on_commit_callbacks(execute=True):  # scoring's card_confirmed
        confirmed = fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    assert len(confirmed) == 3
    assert {c.status for c in _cards(n.fixture).values()} == {"confirmed"}
    n.fixture.refresh_from_db()
    assert n.fixture.status == Fixture.Status.PLAYED


def test_a_timed_out_game_keeps_the_score_at_time_and_the_leader_wins():
    n = night()
    fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 5, 7, timed_out=True)]
    )
    fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    version = _cards(n.fixture)[1].current_version
    assert (version.ns_total, version.ew_total, version.winner, version.timed_out) == (
        5,
        7,
        "EW",
        True,
    )


def test_one_impossible_score_refuses_the_whole_entry_and_saves_nothing():
    n = night()
    with pytest.raises(ValidationError) as exc:
        fixture_submit_scores(
            fixture=n.fixture,
            user=n.home_captain,
            scores=[GameScore(1, 10, 4), GameScore(2, 7, 7, timed_out=True)],
        )
    assert "Game 2" in exc.value.messages[0]
    assert ScorecardVersion.objects.count() == 0


def test_a_score_short_of_ten_without_the_time_limit_is_refused():
    n = night()
    with pytest.raises(ValidationError):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 8, 4)])


def test_a_double_click_leaves_one_version_per_game_and_one_notice():
    from notices.models import Notice

    n = night()
    scores = [GameScore(1, 10, 4), GameScore(2, 10, 2)]
    first = fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    second = fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    assert [v.pk for v in first] == [v.pk for v in second]
    assert ScorecardVersion.objects.count() == 2
    notices = Notice.objects.filter(kind=Notice.Kind.CARD_AWAITING_CONFIRMATION)
    assert notices.count() == 1
    notice = notices.get()
    assert "games 1, 2" in notice.body
    assert list(notice.messages.values_list("player_id", flat=True)) == [n.away_captain.player.pk]


def test_a_card_entered_on_the_scoring_page_also_tells_the_other_captain():
    from notices.models import Notice

    n = night()
    fg = fixture_games_ensure(fixture=n.fixture)[0]
    scorecard_submit(game=fg.game, user=n.away_captain, side="EW", final_scores={"NS": 3, "EW": 10})
    notice = Notice.objects.get(kind=Notice.Kind.CARD_AWAITING_CONFIRMATION)
    assert list(notice.messages.values_list("player_id", flat=True)) == [n.home_captain.player.pk]
    assert notice.link == f"/leagues/fixtures/{n.fixture.pk}/"


def test_the_submitter_cannot_confirm_their_own_cards():
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    with pytest.raises(ValidationError, match="waiting for your confirmation"):
        fixture_confirm_cards(fixture=n.fixture, user=n.home_captain)


def test_the_away_captain_may_enter_and_the_home_captain_confirms():
    n = night()
    versions = fixture_submit_scores(
        fixture=n.fixture, user=n.away_captain, scores=[GameScore(1, 10, 4)]
    )
    assert versions[0].submitted_for == "EW"
    assert len(fixture_confirm_cards(fixture=n.fixture, user=n.home_captain)) == 1


@pytest.mark.parametrize("who", ["player", "other_captain", "director"])
def test_only_the_fixtures_captains_and_managers_enter_cards(who):
    n = night()
    user = {
        "player": lambda: player_user(team=n.home)[0],
        "other_captain": lambda: ready_team(n.season, "Bystanders")[0],
        "director": director_user,
    }[who]()
    with pytest.raises(PermissionDenied):
        fixture_submit_scores(fixture=n.fixture, user=user, scores=[GameScore(1, 10, 4)])
    with pytest.raises(PermissionDenied):
        fixture_confirm_cards(fixture=n.fixture, user=user)
    assert ScorecardVersion.objects.count() == 0


def test_a_manager_enters_for_the_home_side():
    n = night()
    versions = fixture_submit_scores(
        fixture=n.fixture, user=manager_user(), scores=[GameScore(1, 10, 4)]
    )
    assert versions[0].submitted_for == "NS"


def test_cards_wait_for_the_night_of_the_fixture():
    n = night(date=timezone.localdate() + datetime.timedelta(days=2))
    with pytest.raises(ValidationError, match="from the night"):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])


def test_a_team_that_may_not_play_cannot_enter_a_card():
    n = night()
    n.away.roster.exclude(role="captain").delete()
    with pytest.raises(ValidationError, match="needs 2 players"):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])


def test_the_away_captain_disputes_a_card_with_a_reason():
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(2, 10, 4)])
    with pytest.raises(ValidationError):
        fixture_dispute_card(fixture=n.fixture, number=2, user=n.away_captain, reason=" ")
    fixture_dispute_card(fixture=n.fixture, number=2, user=n.away_captain, reason="It was 10-8.")
    assert _cards(n.fixture)[2].status == "disputed"


def test_a_renege_on_a_fixture_card_costs_two_points_or_four_on_a_lone_hand():
    n = night()
    game = fixture_games_ensure(fixture=n.fixture)[0].game
    hands = [
        {"maker_side": "NS", "tricks": 3, "renege_by": "EW"},  # N-S +2
        {"maker_side": "EW", "tricks": 3, "alone": True, "renege_by": "NS"},  # E-W +4
    ] + [{"maker_side": "NS", "tricks": 5}] * 4  # N-S +8 -> 10
    version = scorecard_submit(game=game, user=n.home_captain, side="NS", hands=hands)
    assert (version.ns_total, version.ew_total) == (10, 4)
    assert [h.ns_points for h in version.hands.all()][:2] == [2, 0]
    assert [h.ew_points for h in version.hands.all()][:2] == [0, 4]


def _past_grace(fixture):
    return fixture_closes_at(fixture) + datetime.timedelta(minutes=1)


def test_a_manager_closes_a_fixture_after_the_grace_period(django_capture_on_commit_callbacks):
    n = night()
    manager = manager_user()
    fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4), GameScore(2, 10, 6)]
    )
    fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(3, 10, 8)])
    early = fixture_closes_at(n.fixture) - datetime.timedelta(minutes=1)
    with pytest.raises(ValidationError, match="have until"):
        fixture_close(fixture=n.fixture, user=manager, reason="Cards late.", now=early)
    with pytest.raises(ValidationError, match="why"):
        fixture_close(fixture=n.fixture, user=manager, reason="", now=_past_grace(n.fixture))
    with pytest.raises(ValidationError, match="can't be shown"):
        fixture_close(fixture=n.fixture, user=manager, reason="\x00", now=_past_grace(n.fixture))
    with django_capture_on_commit_callbacks(execute=True):
        closure = fixture_close(
            fixture=n.fixture,
            user=manager,
            reason="Away never confirmed.",
            now=_past_grace(n.fixture),
        )
    assert closure.settled_games == [3] and closure.no_result_games == []
    card = _cards(n.fixture)[3]
    assert card.status == "settled"
    assert "Away never confirmed." in card.current_version.reason
    n.fixture.refresh_from_db()
    assert n.fixture.status == Fixture.Status.PLAYED


def test_closing_books_games_without_a_card_as_no_result():
    n = night()
    closure = fixture_close(
        fixture=n.fixture, user=manager_user(), reason="No cards.", now=_past_grace(n.fixture)
    )
    assert closure.no_result_games == [1, 2, 3]
    assert FixtureGame.objects.filter(fixture=n.fixture, no_result=True).count() == 3
    with pytest.raises(ValidationError, match="closed"):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])


def test_a_disputed_card_is_settled_before_closing():
    n = night()
    manager = manager_user()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="Wrong.")
    with pytest.raises(ValidationError, match="disputed"):
        fixture_close(fixture=n.fixture, user=manager, reason="Late.", now=_past_grace(n.fixture))
    scorecard_settle(
        scorecard=_cards(n.fixture)[1],
        user=manager,
        reason="Checked the paper card.",
        final_scores={"NS": 10, "EW": 6},
    )
    closure = fixture_close(
        fixture=n.fixture, user=manager, reason="Late.", now=_past_grace(n.fixture)
    )
    assert closure.no_result_games == [2, 3]


@pytest.mark.parametrize("who", ["captain", "director"])
def test_only_managers_close_fixtures(who):
    n = night()
    user = n.home_captain if who == "captain" else director_user()
    with pytest.raises(PermissionDenied):
        fixture_close(fixture=n.fixture, user=user, reason="x", now=_past_grace(n.fixture))


def test_a_three_game_card_reads_each_teams_roster_once():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from league.nights.services.results import GameScore

    games = night()
    games.fixture.games = 3
    games.fixture.save()
    scores = [GameScore(n, 10, a) for n, a in ((1, 4), (2, 5), (3, 6))]
    with CaptureQueriesContext(connection) as queries:
        fixture_submit_scores(fixture=games.fixture, user=games.home_captain, scores=scores)
    roster_reads = [  # league.seasons.eligibility: a team's regulars, and its night's subs
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith('SELECT "league_rosterentry"."id"')
        and "\"role\" = 'sub'" in q["sql"]
    ]
    assert len(roster_reads) == 2 * 2  # once for each team, not again for each game's card
