"""Reads other apps rely on: confirmed results, a game's card, the dispute queue."""

import pytest

from scoring.models import Scorecard
from scoring.selectors import (
    ConfirmedResult,
    confirmed_results,
    disputed_scorecards,
    scorecard_for_game,
)
from scoring.services import (
    scorecard_confirm,
    scorecard_correct,
    scorecard_dispute,
    scorecard_submit,
)
from tests.factories import manager_user
from tests.scoring.factories import NS_WINS_10_2, PROGRESSIVE_EIGHT, made, seated_game, team_game

pytestmark = pytest.mark.django_db


def test_confirmed_results_only_lists_confirmed_games_in_one_query(django_assert_num_queries):
    done, pending, empty = team_game(), team_game(), team_game()
    version = scorecard_submit(game=done.game, user=done.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_confirm(version=version, user=done.ew_captain)
    scorecard_submit(game=pending.game, user=pending.ns_captain, side="NS", hands=NS_WINS_10_2)
    with django_assert_num_queries(1):
        results = confirmed_results([done.game.pk, pending.game.pk, empty.game.pk])
    assert results == {
        done.game.pk: ConfirmedResult(
            game_id=done.game.pk,
            version_id=version.pk,
            ns_total=10,
            ew_total=2,
            winner="NS",
            seat_totals={},
            timed_out=False,
            hands=7,
            lone_hands_made={},
            settled=False,
        )
    }


def test_confirmed_results_of_nothing_asks_nothing(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert confirmed_results([]) == {}


def test_a_correction_replaces_the_result_and_is_marked_settled():
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_confirm(version=version, user=tg.ew_captain)
    card = Scorecard.objects.get(game=tg.game)
    scorecard_correct(
        scorecard=card, user=manager_user(), reason="Typo", final_scores={"NS": 4, "EW": 10}
    )
    result = confirmed_results([tg.game.pk])[tg.game.pk]
    assert (result.ns_total, result.ew_total, result.winner, result.settled) == (4, 10, "EW", True)


def test_individual_results_carry_player_totals_and_lone_hands():
    game, users = seated_game("progressive")
    version = scorecard_submit(game=game, user=users["N"], side="NS", hands=PROGRESSIVE_EIGHT)
    scorecard_confirm(version=version, user=users["E"])
    result = confirmed_results([game.pk])[game.pk]
    assert result.seat_totals == {"N": 9, "S": 8, "E": 6, "W": 6}
    assert result.lone_hands_made == {"N": 1}
    assert result.hands == 8


def test_a_timed_out_result_says_so():
    tg = team_game()
    version = scorecard_submit(
        game=tg.game, user=tg.ns_captain, side="NS", hands=[made("EW", 4)], timed_out=True
    )
    scorecard_confirm(version=version, user=tg.ew_captain)
    result = confirmed_results([tg.game.pk])[tg.game.pk]
    assert (result.timed_out, result.winner) == (True, "EW")


def test_scorecard_for_game_returns_the_card_or_none(django_assert_num_queries):
    tg = team_game()
    assert scorecard_for_game(tg.game.pk) is None
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    with django_assert_num_queries(2):
        card = scorecard_for_game(tg.game.pk)
        assert [hand.number for hand in card.current_version.hands.all()] == list(range(1, 8))
        assert card.current_version.submitted_by == tg.ns_captain


def test_the_dispute_queue_lists_disputed_cards_only():
    disputed, pending = team_game(), team_game()
    version = scorecard_submit(
        game=disputed.game, user=disputed.ns_captain, side="NS", hands=NS_WINS_10_2
    )
    scorecard_dispute(version=version, user=disputed.ew_captain, reason="No")
    scorecard_submit(game=pending.game, user=pending.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert [card.game for card in disputed_scorecards()] == [disputed.game]
