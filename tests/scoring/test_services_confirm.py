"""Opponent confirmation and disputes: only the other side, never the submitter."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.models import Scorecard, ScorecardVersion
from scoring.services import scorecard_confirm, scorecard_dispute, scorecard_submit
from scoring.signals import card_confirmed
from tests.factories import admin_user, captain_user, manager_user, player_user
from tests.scoring.factories import NS_WINS_10_2, PROGRESSIVE_EIGHT, seated_game, team_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted():
    tg = team_game()
    tg.version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    return tg


def _state(version):
    version.refresh_from_db()
    return version.state, Scorecard.objects.get(pk=version.scorecard_id).status


def test_the_other_captain_confirms_and_the_card_is_confirmed(
    submitted, received, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        scorecard_confirm(version=submitted.version, user=submitted.ew_captain)
    assert _state(submitted.version) == ("confirmed", "confirmed")
    submitted.version.refresh_from_db()
    assert submitted.version.confirmed_by == submitted.ew_captain
    assert submitted.version.confirmed_at is not None
    assert received == [
        {"signal": card_confirmed, "game": submitted.game, "version": submitted.version}
    ]


def test_the_signal_waits_for_the_commit(submitted, received, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        scorecard_confirm(version=submitted.version, user=submitted.ew_captain)
    assert received == [] and len(callbacks) == 1


def test_the_submitter_can_never_confirm_their_own_card(submitted, received):
    with pytest.raises(PermissionDenied, match="can't confirm it yourself"):
        scorecard_confirm(version=submitted.version, user=submitted.ns_captain)
    assert _state(submitted.version) == ("pending", "submitted")
    assert received == []


def test_not_even_a_manager_confirms_a_card_they_submitted():
    tg = team_game()
    manager = manager_user()
    version = scorecard_submit(game=tg.game, user=manager, side="NS", hands=NS_WINS_10_2)
    with pytest.raises(PermissionDenied):
        scorecard_confirm(version=version, user=manager)
    assert _state(version) == ("pending", "submitted")


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_staff_may_confirm_for_the_other_side(submitted, staff):
    scorecard_confirm(version=submitted.version, user=staff())
    assert _state(submitted.version) == ("confirmed", "confirmed")


@pytest.mark.parametrize("role", ["submitters_teammate", "opponent_player", "other_captain"])
def test_people_not_entitled_for_the_other_side_cannot_confirm_or_dispute(submitted, role):
    user = {
        "submitters_teammate": lambda: player_user(team=submitted.ns_team)[0],
        "opponent_player": lambda: player_user(team=submitted.ew_team)[0],
        "other_captain": lambda: captain_user()[0],
    }[role]()
    with pytest.raises(PermissionDenied):
        scorecard_confirm(version=submitted.version, user=user)
    with pytest.raises(PermissionDenied):
        scorecard_dispute(version=submitted.version, user=user, reason="No.")
    assert _state(submitted.version) == ("pending", "submitted")


def test_a_replaced_version_can_no_longer_be_confirmed(submitted):
    scorecard_submit(game=submitted.game, user=submitted.ew_captain, side="EW", hands=NS_WINS_10_2)
    with pytest.raises(ValidationError, match="changed since you opened it"):
        scorecard_confirm(version=submitted.version, user=submitted.ew_captain)
    assert not ScorecardVersion.objects.filter(state="confirmed").exists()


def test_confirming_twice_is_refused_politely(submitted):
    scorecard_confirm(version=submitted.version, user=submitted.ew_captain)
    with pytest.raises(ValidationError, match="confirmed"):
        scorecard_confirm(version=submitted.version, user=submitted.ew_captain)
    assert ScorecardVersion.objects.filter(state="confirmed").count() == 1


def test_a_confirmed_card_refuses_new_submissions(submitted):
    scorecard_confirm(version=submitted.version, user=submitted.ew_captain)
    with pytest.raises(ValidationError, match="only a league manager or tournament director"):
        scorecard_submit(
            game=submitted.game,
            user=submitted.ns_captain,
            side="NS",
            final_scores={"NS": 10, "EW": 0},
        )
    assert ScorecardVersion.objects.count() == 1


def test_the_other_captain_disputes_with_a_reason(submitted):
    scorecard_dispute(
        version=submitted.version, user=submitted.ew_captain, reason=" Hand 4 was ours "
    )
    assert _state(submitted.version) == ("disputed", "disputed")
    submitted.version.refresh_from_db()
    assert submitted.version.dispute_reason == "Hand 4 was ours"
    assert submitted.version.disputed_by == submitted.ew_captain


def test_a_dispute_needs_a_reason_and_changes_nothing_without_one(submitted):
    with pytest.raises(ValidationError, match="Say what is wrong"):
        scorecard_dispute(version=submitted.version, user=submitted.ew_captain, reason="   ")
    assert _state(submitted.version) == ("pending", "submitted")


@pytest.mark.parametrize(
    ("reason", "message"), [("r" * 1001, "Keep the reason to 1000"), ("No\x00", "can't be shown")]
)
def test_a_dispute_reason_too_long_or_with_control_characters_changes_nothing(
    submitted, reason, message
):
    with pytest.raises(ValidationError, match=message):
        scorecard_dispute(version=submitted.version, user=submitted.ew_captain, reason=reason)
    assert _state(submitted.version) == ("pending", "submitted")


def test_the_submitter_cannot_dispute_their_own_card(submitted):
    with pytest.raises(PermissionDenied):
        scorecard_dispute(version=submitted.version, user=submitted.ns_captain, reason="Oops")


def test_captains_may_resubmit_after_a_dispute(submitted):
    scorecard_dispute(version=submitted.version, user=submitted.ew_captain, reason="Wrong")
    again = scorecard_submit(
        game=submitted.game, user=submitted.ew_captain, side="EW", final_scores={"NS": 10, "EW": 6}
    )
    assert _state(again) == ("pending", "submitted")
    assert again.previous == submitted.version
    scorecard_confirm(version=again, user=submitted.ns_captain)
    assert _state(again) == ("confirmed", "confirmed")


def test_an_opponent_player_confirms_an_individual_card():
    game, users = seated_game("progressive")
    version = scorecard_submit(game=game, user=users["N"], side="NS", hands=PROGRESSIVE_EIGHT)
    with pytest.raises(PermissionDenied):
        scorecard_confirm(version=version, user=users["S"])  # the submitter's partner
    scorecard_confirm(version=version, user=users["W"])
    assert _state(version) == ("confirmed", "confirmed")
