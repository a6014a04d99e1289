"""Drafts: hands kept server-side per user and game, each checked as it is added."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.models import ScorecardDraft
from scoring.services import (
    draft_add_hand,
    draft_clear,
    draft_remove_last_hand,
    draft_set_options,
    draft_start_from,
    scorecard_submit,
)
from tests.factories import captain_user, manager_user
from tests.scoring.factories import NS_WINS_10_2, PASSED, made, team_game

pytestmark = pytest.mark.django_db


def test_hands_are_added_one_at_a_time_and_survive_a_reload():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand={**made("NS", 5), "dealer": "N"})
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("EW", 3))
    draft = ScorecardDraft.objects.get(user=tg.ns_captain, game=tg.game)
    assert [row.maker_side for row in draft.rows()] == ["NS", "EW"]
    assert draft.rows()[0].dealer == "N"


def test_an_impossible_hand_is_refused_and_the_draft_is_unchanged():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 3))
    with pytest.raises(ValidationError, match="Hand 2: .*stick the dealer"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=PASSED)
    assert len(ScorecardDraft.objects.get().hands) == 1


def test_a_hand_after_the_game_ended_is_refused():
    tg = team_game()
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)
    with pytest.raises(ValidationError, match="The game was over after hand 7"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("EW", 3))


def test_garbage_is_refused_with_a_message():
    tg = team_game()
    with pytest.raises(ValidationError, match="from 0 to 5"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand={"maker_side": "NS", "tricks": "x"})
    with pytest.raises(ValidationError, match="dealer"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand={**made("NS", 3), "dealer": "Q"})


def test_each_user_has_their_own_draft():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 3))
    draft_add_hand(game=tg.game, user=tg.ew_captain, hand=made("EW", 5))
    assert ScorecardDraft.objects.count() == 2


def test_taking_back_and_clearing():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 3))
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 4))
    draft = draft_remove_last_hand(game=tg.game, user=tg.ns_captain)
    assert len(draft.hands) == 1
    draft_clear(game=tg.game, user=tg.ns_captain)
    assert not ScorecardDraft.objects.exists()
    with pytest.raises(ValidationError, match="no hand to take back"):
        draft_remove_last_hand(game=tg.game, user=tg.ns_captain)


def test_people_who_cannot_enter_the_card_have_no_draft():
    tg = team_game()
    with pytest.raises(PermissionDenied):
        draft_add_hand(game=tg.game, user=captain_user()[0], hand=made("NS", 3))
    assert not ScorecardDraft.objects.exists()


def test_the_side_can_only_be_one_the_user_may_enter():
    tg = team_game()
    with pytest.raises(ValidationError, match="that side"):
        draft_set_options(game=tg.game, user=tg.ns_captain, side="EW")
    manager = manager_user()
    assert draft_set_options(game=tg.game, user=manager, side="EW", timed_out=True).side == "EW"


def test_a_draft_can_start_from_the_submitted_card():
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    draft = draft_start_from(game=tg.game, user=tg.ew_captain, version=version)
    assert draft.rows() == version.rows()
    final = scorecard_submit(
        game=tg.game, user=tg.ew_captain, side="EW", final_scores={"NS": 10, "EW": 2}
    )
    with pytest.raises(ValidationError, match="no hands to copy"):
        draft_start_from(game=tg.game, user=tg.ns_captain, version=final)
    with pytest.raises(ValidationError, match="another game"):
        draft_start_from(game=team_game().game, user=manager_user(), version=version)
