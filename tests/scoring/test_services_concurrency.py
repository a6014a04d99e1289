"""Two submissions of the same game at the same moment leave one version chain, no error;
one entry sent twice at the same moment under its key counts once."""

import pytest
from django.core.exceptions import ValidationError

from scoring.models import EntryReceipt, Scorecard, ScorecardDraft, ScorecardVersion
from scoring.services import draft_add_hand, scorecard_confirm, scorecard_submit
from tests.concurrency import at_once
from tests.scoring.factories import NS_WINS_10_2, made, team_game

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _assert_one_chain(game):
    card = Scorecard.objects.get(game=game)
    versions = list(ScorecardVersion.objects.filter(scorecard=card).order_by("number"))
    assert [v.number for v in versions] == list(range(1, len(versions) + 1))
    assert [v.previous_id for v in versions] == [None, *[v.pk for v in versions[:-1]]]
    assert card.current_version_id == versions[-1].pk
    assert [v.state for v in versions[:-1]] == ["replaced"] * (len(versions) - 1)
    return versions


@pytest.mark.parametrize("card_exists", [False, True])
def test_both_captains_submitting_at_once_leave_one_chain(card_exists):
    tg = team_game()
    if card_exists:  # otherwise the race is also to create the card
        Scorecard.objects.create(game=tg.game)
    outcomes = at_once(
        lambda: scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2),
        lambda: scorecard_submit(
            game=tg.game, user=tg.ew_captain, side="EW", final_scores={"NS": 10, "EW": 2}
        ),
    )
    assert all(isinstance(outcome, ScorecardVersion) for outcome in outcomes), outcomes
    assert len(_assert_one_chain(tg.game)) == 2


def test_a_double_click_makes_one_version():
    tg = team_game()
    Scorecard.objects.create(game=tg.game)
    submit = lambda: scorecard_submit(  # noqa: E731
        game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2
    )
    outcomes = at_once(submit, submit, submit)
    assert all(isinstance(outcome, ScorecardVersion) for outcome in outcomes), outcomes
    assert len(_assert_one_chain(tg.game)) == 1


def test_two_confirmations_at_once_confirm_once():
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    confirm = lambda: scorecard_confirm(version=version, user=tg.ew_captain)  # noqa: E731
    outcomes = at_once(confirm, confirm)
    kinds = sorted(type(outcome).__name__ for outcome in outcomes)
    assert kinds == ["ScorecardVersion", "ValidationError"], outcomes
    refused = next(o for o in outcomes if isinstance(o, ValidationError))
    assert "changed since you opened it" in refused.messages[0]
    assert ScorecardVersion.objects.filter(state="confirmed").count() == 1


KEY = "5b8f0d2e-1c3a-4e6f-9d7b-2a4c6e8f0b1d"


def test_a_hand_replayed_twice_at_once_is_added_once():
    tg = team_game()
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 5))  # the draft exists
    send = lambda: draft_add_hand(  # noqa: E731
        game=tg.game, user=tg.ns_captain, hand=made("EW", 3), key=KEY
    )
    outcomes = at_once(send, send)
    assert all(isinstance(outcome, ScorecardDraft) for outcome in outcomes), outcomes
    assert len(ScorecardDraft.objects.get().hands) == 2
    assert EntryReceipt.objects.get().hand_number == 2


def test_a_first_hand_replayed_twice_at_once_starts_one_draft_with_one_hand():
    tg = team_game()
    send = lambda: draft_add_hand(  # noqa: E731
        game=tg.game, user=tg.ns_captain, hand=made("NS", 5), key=KEY
    )
    outcomes = at_once(send, send, send)
    assert all(isinstance(outcome, ScorecardDraft) for outcome in outcomes), outcomes
    assert [len(draft.hands) for draft in ScorecardDraft.objects.all()] == [1]


def test_a_card_replayed_twice_at_once_is_submitted_once():
    tg = team_game()
    send = lambda: scorecard_submit(  # noqa: E731
        game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2, key=KEY
    )
    outcomes = at_once(send, send)
    assert all(isinstance(outcome, ScorecardVersion) for outcome in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    assert len(_assert_one_chain(tg.game)) == 1
    assert EntryReceipt.objects.get(kind="card").version_id == outcomes[0].pk
