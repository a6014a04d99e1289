"""Staff enter a game's card confirmed in one step: no reason for a first entry, a reason to
change what a side disputed or what was confirmed, nothing written for the same card twice."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity
from scoring.models import Scorecard, ScorecardVersion
from scoring.services import (
    scorecard_confirm,
    scorecard_dispute,
    scorecard_staff_enter,
    scorecard_submit,
)
from tests.factories import manager_user
from tests.scoring.factories import NS_WINS_10_2, team_game

pytestmark = pytest.mark.django_db

TEN_SIX = {"NS": 10, "EW": 6}


@pytest.fixture
def tg():
    return team_game()


def test_a_manager_enters_a_card_that_stands_at_once(
    tg, received, django_capture_on_commit_callbacks
):
    manager = manager_user()
    with django_capture_on_commit_callbacks(execute=True):
        entry = scorecard_staff_enter(game=tg.game, user=manager, final_scores=TEN_SIX)
    version = entry.version
    assert entry.outcome == "entered"
    assert (version.kind, version.state, version.submitted_for, version.reason) == (
        "entry",
        "confirmed",
        "",
        "",
    )
    assert (version.submitted_by, version.confirmed_by) == (manager, manager)
    assert Scorecard.objects.get(game=tg.game).status == Scorecard.Status.CONFIRMED
    assert [call["version"] for call in received] == [version]
    logged = Activity.objects.get(verb="card_confirmed")
    assert logged.actor == manager and "entered by the staff" in logged.detail


def test_a_captain_may_not_enter_a_card_for_both_sides(tg):
    with pytest.raises(PermissionDenied):
        scorecard_staff_enter(game=tg.game, user=tg.ns_captain, final_scores=TEN_SIX)
    assert not ScorecardVersion.objects.exists()


def test_an_impossible_card_is_refused_by_the_rule_set(tg):
    with pytest.raises(ValidationError, match="both sides can't have 10 or more"):
        scorecard_staff_enter(game=tg.game, user=manager_user(), final_scores={"NS": 10, "EW": 10})
    assert not ScorecardVersion.objects.exists()


def test_the_same_card_twice_writes_one_version(tg):
    manager = manager_user()
    scorecard_staff_enter(game=tg.game, user=manager, final_scores=TEN_SIX)
    again = scorecard_staff_enter(game=tg.game, user=manager, final_scores=TEN_SIX)
    assert again.outcome == "unchanged"
    assert ScorecardVersion.objects.count() == 1


def test_a_card_entered_by_hand_typed_again_as_its_totals_is_unchanged(tg):
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_confirm(version=version, user=tg.ew_captain)
    entry = scorecard_staff_enter(
        game=tg.game, user=manager_user(), final_scores={"NS": 10, "EW": 2}
    )
    assert (entry.outcome, entry.version) == ("unchanged", version)


def test_a_disputed_card_is_settled_only_with_a_reason(tg):
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", final_scores=TEN_SIX)
    scorecard_dispute(version=version, user=tg.ew_captain, reason="It was 10-8.")
    manager = manager_user()
    with pytest.raises(ValidationError, match="Give a reason"):
        scorecard_staff_enter(game=tg.game, user=manager, final_scores={"NS": 10, "EW": 8})
    entry = scorecard_staff_enter(
        game=tg.game, user=manager, final_scores={"NS": 10, "EW": 8}, reason="Both agree."
    )
    assert (entry.outcome, entry.version.kind, entry.version.reason) == (
        "settled",
        "settlement",
        "Both agree.",
    )


def test_a_card_awaiting_confirmation_typed_the_same_is_confirmed_by_the_staff(tg):
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", final_scores=TEN_SIX)
    manager = manager_user()
    entry = scorecard_staff_enter(game=tg.game, user=manager, final_scores=TEN_SIX)
    version.refresh_from_db()
    assert (entry.outcome, entry.version, version.confirmed_by) == ("confirmed", version, manager)
    assert version.kind == "submission" and version.submitted_by == tg.ns_captain
