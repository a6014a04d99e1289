"""Every scoring write asks the game's owner first, with the step it is about to take."""

import pytest
from django.core.exceptions import ValidationError

from scoring import owners
from scoring.models import Scorecard, ScorecardDraft, ScorecardVersion
from scoring.owners import CardStep, card_refusals
from scoring.services import (
    draft_add_hand,
    draft_start_from,
    scorecard_confirm,
    scorecard_correct,
    scorecard_dispute,
    scorecard_settle,
    scorecard_submit,
)
from tests.factories import manager_user
from tests.scoring.factories import NS_WINS_10_2, made, team_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def asked(monkeypatch):
    """A test owner that records every question and refuses the steps listed in `refuse`."""
    calls = []
    refuse = set()

    def gate(game, step):
        calls.append(step)
        return [f"Refused at {step}."] if step in refuse else []

    monkeypatch.setitem(owners._gates, "test-owner", gate)
    return calls, refuse


def test_a_gate_answers_for_its_step_and_all_reasons_are_gathered(monkeypatch):
    monkeypatch.setattr(owners, "_gates", {})
    monkeypatch.setitem(owners._gates, "first", lambda game, step: [f"one {step}"])
    monkeypatch.setitem(owners._gates, "second", lambda game, step: [f"two {step}"])
    assert card_refusals(object(), CardStep.ANSWER) == ["one answer", "two answer"]
    assert card_refusals(object()) == ["one enter", "two enter"]


def test_submitting_asks_to_enter(asked):
    calls, refuse = asked
    tg = team_game()
    refuse.add(CardStep.ENTER)
    with pytest.raises(ValidationError, match="Refused at enter"):
        scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert not ScorecardVersion.objects.exists()


def test_confirming_and_disputing_ask_to_answer(asked):
    calls, refuse = asked
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    refuse.add(CardStep.ANSWER)
    with pytest.raises(ValidationError, match="Refused at answer"):
        scorecard_confirm(version=version, user=tg.ew_captain)
    with pytest.raises(ValidationError, match="Refused at answer"):
        scorecard_dispute(version=version, user=tg.ew_captain, reason="No")
    assert Scorecard.objects.get(game=tg.game).status == "submitted"


def test_settling_and_correcting_ask_to_decide(asked):
    calls, refuse = asked
    tg = team_game()
    manager = manager_user()
    card = Scorecard.objects.create(game=tg.game)
    scorecard_settle(scorecard=card, user=manager, reason="Paper card", hands=NS_WINS_10_2)
    assert CardStep.DECIDE in calls
    refuse.add(CardStep.DECIDE)
    with pytest.raises(ValidationError, match="Refused at decide"):
        scorecard_correct(
            scorecard=card, user=manager, reason="Typo", final_scores={"NS": 10, "EW": 8}
        )
    assert ScorecardVersion.objects.count() == 1


def test_a_captains_hands_ask_to_enter_and_staffs_to_decide(asked):
    calls, refuse = asked
    tg = team_game()
    refuse.add(CardStep.ENTER)
    with pytest.raises(ValidationError, match="Refused at enter"):
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 3))
    assert not ScorecardDraft.objects.exists()
    manager = manager_user()
    draft_add_hand(game=tg.game, user=manager, hand=made("NS", 3))
    assert calls[-1] == CardStep.DECIDE


def test_copying_a_card_into_a_draft_asks_too(asked):
    calls, refuse = asked
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    refuse.add(CardStep.ENTER)
    with pytest.raises(ValidationError, match="Refused at enter"):
        draft_start_from(game=tg.game, user=tg.ew_captain, version=version)


def test_the_owners_fixes_are_gathered_and_shown_only_when_the_card_is_refused(
    monkeypatch, asked, client
):
    from django.urls import reverse

    calls, refuse = asked
    monkeypatch.setattr(owners, "_fixes", {})
    monkeypatch.setitem(
        owners._fixes, "test-owner", lambda game, user: [("Fix it here", f"/fix/{user.pk}/")]
    )
    tg = team_game()
    assert owners.card_fixes(tg.game, tg.ns_captain) == [
        ("Fix it here", f"/fix/{tg.ns_captain.pk}/")
    ]
    client.force_login(tg.ns_captain)
    url = reverse("scoring:game_entry", args=[tg.game.pk])
    assert "Fix it here" not in client.get(url).content.decode()
    refuse.add(CardStep.ENTER)
    page = client.get(url).content.decode()
    assert "Refused at enter." in page
    assert f'<a href="/fix/{tg.ns_captain.pk}/" role="button">Fix it here</a>' in page
