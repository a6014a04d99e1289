"""Entry keys: a hand or a card sent again under its key counts once (services.receipts)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.models import EntryReceipt, ScorecardDraft, ScorecardVersion
from scoring.services import (
    draft_add_hand,
    draft_remove_last_hand,
    scorecard_confirm,
    scorecard_submit,
)
from scoring.services.receipts import entry_key_clean
from tests.scoring.factories import NS_WINS_10_2, PASSED, made, team_game

pytestmark = pytest.mark.django_db

KEY = "3f0c2a9e-8b1d-4c55-9a77-0e6b2d4f1a10"


def _hands(tg):
    draft = ScorecardDraft.objects.filter(user=tg.ns_captain, game=tg.game).first()
    return len(draft.hands) if draft else 0


def test_a_hand_sent_twice_under_its_key_is_added_once():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    assert _hands(tg) == 1
    receipt = EntryReceipt.objects.get()
    assert (receipt.kind, receipt.hand_number, receipt.user) == ("hand", 1, tg.ns_captain)


def test_hands_without_a_key_are_added_each_time_as_before():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5))
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5))
    assert _hands(tg) == 2 and not EntryReceipt.objects.exists()


def test_a_hand_taken_back_does_not_come_back_when_its_send_is_replayed():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    draft_remove_last_hand(game=tg.game, user=tg.ns_captain)
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    assert _hands(tg) == 0


def test_a_refused_hand_leaves_its_key_free_for_the_corrected_send():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 3), key="a" * 36)
    with pytest.raises(ValidationError, match="stick the dealer"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=PASSED, key=KEY)
    assert EntryReceipt.objects.count() == 1
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("EW", 3), key=KEY)
    assert _hands(tg) == 2
    assert EntryReceipt.objects.get(key=KEY).hand_number == 2


def test_a_hand_replayed_after_the_card_was_submitted_starts_no_new_draft():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    assert not ScorecardDraft.objects.exists()


def test_a_card_sent_twice_under_its_key_is_one_version_even_after_it_was_confirmed():
    tg = team_game()
    first = scorecard_submit(
        game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2, key=KEY
    )
    scorecard_confirm(version=first, user=tg.ew_captain)
    again = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=[], key=KEY)
    assert again == first and ScorecardVersion.objects.count() == 1
    assert EntryReceipt.objects.get(kind="card").version == first


def test_a_new_card_under_a_new_key_still_replaces_the_one_awaiting_confirmation():
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2, key=KEY)
    second = scorecard_submit(
        game=tg.game, user=tg.ns_captain, side="NS", final_scores={"NS": 10, "EW": 4}, key="b" * 36
    )
    assert second.number == 2 and ScorecardVersion.objects.count() == 2


def test_someone_elses_key_or_a_hands_key_for_a_card_is_refused():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY)
    with pytest.raises(ValidationError, match="already used"):
        draft_add_hand(game=tg.game, user=tg.ew_captain, hand=made("EW", 5), key=KEY)
    with pytest.raises(ValidationError, match="already used"):
        scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2, key=KEY)
    assert ScorecardDraft.objects.filter(user=tg.ew_captain).count() == 0
    assert not ScorecardVersion.objects.exists()


def test_a_key_is_asked_only_of_someone_who_may_enter_the_card():
    tg = team_game()
    with pytest.raises(PermissionDenied):
        scorecard_submit(game=tg.game, user=tg.ew_captain, side="NS", hands=NS_WINS_10_2, key=KEY)
    assert not EntryReceipt.objects.exists()


@pytest.mark.parametrize("key", ["short", "x" * 65, "has space inside it", "ключ-ключ-ключ"])
def test_a_broken_key_is_refused_with_a_message_and_changes_nothing(key):
    tg = team_game()
    with pytest.raises(ValidationError, match="broken key"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=key)
    assert not ScorecardDraft.objects.exists() and not EntryReceipt.objects.exists()


def test_no_key_is_no_key():
    assert entry_key_clean("") == "" and entry_key_clean(f" {KEY} ") == KEY
