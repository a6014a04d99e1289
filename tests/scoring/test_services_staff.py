"""Settling disputes and correcting confirmed cards: managers and directors, with a reason."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from scoring.models import Scorecard, ScorecardVersion
from scoring.services import (
    scorecard_confirm,
    scorecard_correct,
    scorecard_dispute,
    scorecard_settle,
    scorecard_submit,
)
from tests.factories import admin_user, director_user, manager_user
from tests.scoring.factories import NS_WINS_10_2, made, team_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed():
    tg = team_game()
    tg.version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_dispute(version=tg.version, user=tg.ew_captain, reason="Hand 2 was a march.")
    tg.card = Scorecard.objects.get(game=tg.game)
    return tg


@pytest.fixture
def confirmed():
    tg = team_game()
    tg.version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_confirm(version=tg.version, user=tg.ew_captain)
    tg.card = Scorecard.objects.get(game=tg.game)
    return tg


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_staff_settle_a_dispute_with_corrected_hands_and_a_reason(disputed, staff):
    user = staff()
    hands = [made("NS", 5), made("EW", 5), *NS_WINS_10_2[2:]]
    version = scorecard_settle(
        scorecard=disputed.card, user=user, reason="Both agreed.", hands=hands
    )
    disputed.card.refresh_from_db()
    assert disputed.card.status == "settled" and disputed.card.is_confirmed
    assert (version.kind, version.state, version.reason) == (
        "settlement",
        "confirmed",
        "Both agreed.",
    )
    assert (version.ns_total, version.ew_total) == (10, 3)
    assert version.confirmed_by == user and version.previous == disputed.version
    disputed.version.refresh_from_db()
    assert disputed.version.state == "replaced"
    assert disputed.version.dispute_reason == "Hand 2 was a march."  # history is kept


def test_settling_sends_the_signal(disputed, received, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        version = scorecard_settle(scorecard=disputed.card, user=manager_user(), reason="Stands.")
    assert received == [
        {"signal": received[0]["signal"], "game": disputed.game, "version": version}
    ]


def test_settling_without_new_hands_lets_the_submitted_card_stand(disputed):
    version = scorecard_settle(scorecard=disputed.card, user=manager_user(), reason="Card stands.")
    assert (version.ns_total, version.ew_total, version.hand_count) == (10, 2, 7)
    assert version.rows() == disputed.version.rows()


def test_settling_with_final_scores(disputed):
    version = scorecard_settle(
        scorecard=disputed.card,
        user=manager_user(),
        reason="Per the paper card.",
        final_scores={"NS": 10, "EW": 8},
    )
    assert (version.source, version.ns_total, version.ew_total) == ("final", 10, 8)


def test_staff_may_decide_a_card_nobody_submitted():
    tg = team_game()
    card = Scorecard.objects.create(game=tg.game)
    version = scorecard_settle(
        scorecard=card,
        user=manager_user(),
        reason="Captains left early.",
        final_scores={"NS": 4, "EW": 10},
    )
    assert version.winner == "EW"
    with pytest.raises(ValidationError, match="no card to settle"):
        scorecard_settle(
            scorecard=Scorecard.objects.create(game=team_game().game),
            user=manager_user(),
            reason="?",
        )


def test_settling_needs_a_reason(disputed):
    with pytest.raises(ValidationError, match="Give a reason"):
        scorecard_settle(scorecard=disputed.card, user=manager_user(), reason=" ")
    assert ScorecardVersion.objects.count() == 1


def test_captains_cannot_settle(disputed):
    for user in (disputed.ns_captain, disputed.ew_captain):
        with pytest.raises(PermissionDenied):
            scorecard_settle(scorecard=disputed.card, user=user, reason="Mine.")
    assert ScorecardVersion.objects.count() == 1


def test_an_impossible_settlement_changes_nothing(disputed):
    with pytest.raises(ValidationError, match="isn't over|Neither side"):
        scorecard_settle(
            scorecard=disputed.card, user=manager_user(), reason="x", hands=[made("NS", 3)]
        )
    disputed.card.refresh_from_db()
    assert disputed.card.status == "disputed" and ScorecardVersion.objects.count() == 1


def test_a_confirmed_card_is_corrected_not_settled(confirmed):
    with pytest.raises(ValidationError, match="correct it instead"):
        scorecard_settle(scorecard=confirmed.card, user=manager_user(), reason="x")


def test_a_correction_records_who_when_why_and_the_previous_version(
    confirmed, received, django_capture_on_commit_callbacks
):
    director = manager_user()  # the staff of the game's league
    with django_capture_on_commit_callbacks(execute=True):
        version = scorecard_correct(
            scorecard=confirmed.card,
            user=director,
            reason="Addition error on hand 4.",
            final_scores={"NS": 10, "EW": 3},
        )
    assert (version.kind, version.submitted_by, version.confirmed_by) == (
        "correction",
        director,
        director,
    )
    assert version.reason == "Addition error on hand 4." and version.submitted_at
    assert version.previous == confirmed.version
    confirmed.version.refresh_from_db()
    assert confirmed.version.state == "replaced"
    assert confirmed.version.confirmed_by == confirmed.ew_captain  # who confirmed it stays
    assert ScorecardVersion.objects.filter(state="confirmed").get() == version
    assert [call["version"] for call in received] == [version]


def test_a_correction_must_change_something_and_give_a_reason(confirmed):
    with pytest.raises(ValidationError, match="nothing changed"):
        scorecard_correct(
            scorecard=confirmed.card, user=manager_user(), reason="x", hands=NS_WINS_10_2
        )
    with pytest.raises(ValidationError, match="Give a reason"):
        scorecard_correct(
            scorecard=confirmed.card,
            user=manager_user(),
            reason="",
            final_scores={"NS": 10, "EW": 1},
        )
    with pytest.raises(ValidationError, match="Enter the hands or the final score"):
        scorecard_correct(scorecard=confirmed.card, user=manager_user(), reason="x")
    assert ScorecardVersion.objects.count() == 1


def test_only_a_confirmed_card_can_be_corrected(disputed):
    with pytest.raises(ValidationError, match="settle this one instead"):
        scorecard_correct(
            scorecard=disputed.card,
            user=manager_user(),
            reason="x",
            final_scores={"NS": 10, "EW": 1},
        )


def test_captains_cannot_correct_a_confirmed_card(confirmed):
    with pytest.raises(PermissionDenied):
        scorecard_correct(
            scorecard=confirmed.card,
            user=confirmed.ew_captain,
            reason="x",
            final_scores={"NS": 10, "EW": 1},
        )


def test_the_database_refuses_a_second_confirmed_version(confirmed):
    version = confirmed.version
    with pytest.raises(IntegrityError), transaction.atomic():
        ScorecardVersion.objects.create(
            scorecard=confirmed.card,
            number=2,
            source="final",
            kind="submission",
            submitted_for="NS",
            state="confirmed",
            confirmed_at=version.confirmed_at,
        )


def test_the_staff_of_another_league_or_an_event_cannot_settle_this_leagues_card(disputed):
    from tests.factories import LeagueFactory

    elsewhere = manager_user(league=LeagueFactory())
    for stranger in (elsewhere, director_user()):
        with pytest.raises(PermissionDenied):
            scorecard_settle(scorecard=disputed.card, user=stranger, reason="Mine now.")
    disputed.card.refresh_from_db()
    assert disputed.card.status == "disputed"
