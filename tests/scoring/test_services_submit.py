"""scorecard_submit: who may submit, what the engine refuses, and what a version stores."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.seasons.models import Team
from scoring.models import HandEntry, Scorecard, ScorecardDraft, ScorecardVersion
from scoring.services import scorecard_submit
from tests.factories import admin_user, captain_user, manager_user, player_user
from tests.scoring.factories import (
    NS_WINS_10_2,
    PASSED,
    PROGRESSIVE_EIGHT,
    made,
    seated_game,
    team_game,
)

pytestmark = pytest.mark.django_db


def _nothing_written() -> bool:
    return not (ScorecardVersion.objects.exists() or HandEntry.objects.exists())


def test_a_captain_submits_hands_and_the_engine_computes_every_total():
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert (version.ns_total, version.ew_total, version.winner) == (10, 2, "NS")
    assert (version.number, version.kind, version.state) == (1, "submission", "pending")
    assert (version.source, version.hand_count, version.ended_by) == ("hands", 7, "target")
    assert version.submitted_by == tg.ns_captain and version.submitted_for == "NS"
    hands = list(version.hands.all())
    assert [h.ns_running for h in hands] == [2, 2, 4, 4, 6, 8, 10]
    assert [h.ew_points for h in hands] == [0, 1, 0, 1, 0, 0, 0]
    card = Scorecard.objects.get(game=tg.game)
    assert card.status == "submitted" and card.current_version == version


def test_final_scores_only_are_checked_and_stored():
    tg = team_game()
    version = scorecard_submit(
        game=tg.game, user=tg.ew_captain, side="EW", final_scores={"NS": 7, "EW": 10}
    )
    assert (version.source, version.ns_total, version.ew_total, version.winner) == (
        "final",
        7,
        10,
        "EW",
    )
    assert version.hand_count == 0 and not version.hands.exists()


def test_a_timed_out_game_is_recorded_as_such_and_the_leader_wins():
    tg = team_game()
    version = scorecard_submit(
        game=tg.game, user=tg.ns_captain, side="NS", hands=[made("NS", 3)], timed_out=True
    )
    assert (version.timed_out, version.winner, version.ended_by) == (True, "NS", "time")


@pytest.mark.parametrize(
    ("hands", "final", "timed_out", "message"),
    [
        ([made("NS", 3)], None, False, "Neither side has reached 10"),
        ([made("NS", 3)], None, False, "tick 'time ran out'"),
        ([PASSED], None, False, "stick the dealer"),
        ([made("NS", 5, alone=True, seat="E")], None, False, "the loner must be a maker"),
        ([*NS_WINS_10_2, made("EW", 3)], None, False, "hand 8 can't be recorded"),
        ([made("NS", 6)], None, False, "from 0 to 5"),
        ([], None, False, "at least one hand"),
        (None, {"NS": 12, "EW": 3}, False, "record the winner's score as 10"),
        (None, {"NS": 10, "EW": 10}, False, "both sides can't have 10"),
        (None, {"NS": 4, "EW": 4}, True, "play one more hand"),
        (None, {"NS": "ten", "EW": 3}, False, "whole number"),
        (None, {"NS": 10}, False, "Enter a score for E-W"),
        (None, None, False, "Enter the hands or the final score"),
        ([made("NS", 3)], {"NS": 10, "EW": 3}, False, "not both"),
    ],
)
def test_impossible_cards_are_refused_with_a_message_and_leave_nothing_behind(
    hands, final, timed_out, message
):
    tg = team_game()
    with pytest.raises(ValidationError) as exc:
        scorecard_submit(
            game=tg.game,
            user=tg.ns_captain,
            side="NS",
            hands=hands,
            final_scores=final,
            timed_out=timed_out,
        )
    assert message in " ".join(exc.value.messages)
    assert _nothing_written()


def test_a_passed_deal_is_an_x_hand_under_classic_tens():
    tg = team_game("classic-tens")
    hands = [PASSED, *[made("EW", 5)] * 5]
    version = scorecard_submit(game=tg.game, user=tg.ew_captain, side="EW", hands=hands)
    first = version.hands.get(number=1)
    assert first.passed and (first.ns_points, first.ew_points) == (0, 0)
    assert (version.ew_total, version.hand_count) == (10, 6)


def test_an_unproven_renege_claim_costs_the_claimants_the_rule_sets_penalty():
    tg = team_game("classic-tens")
    hands = [made("NS", 3, false_renege_claim_by="EW"), *[made("NS", 5)] * 5]
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=hands)
    first = version.hands.get(number=1)
    assert (first.ns_points, first.ew_points) == (1, -2)
    assert (version.ns_total, version.ew_total) == (11, -2)  # Classic Tens counts overage


@pytest.mark.parametrize("role", ["other_captain", "player", "anonymous"])
def test_only_the_sides_captain_or_staff_may_submit_for_a_side(role):
    from django.contrib.auth.models import AnonymousUser

    tg = team_game()
    user = {
        "other_captain": lambda: captain_user()[0],
        "player": lambda: player_user(team=tg.ns_team)[0],
        "anonymous": AnonymousUser,
    }[role]()
    with pytest.raises(PermissionDenied):
        scorecard_submit(game=tg.game, user=user, side="NS", hands=NS_WINS_10_2)
    assert _nothing_written()


def test_a_captain_cannot_submit_for_the_opponents_side():
    tg = team_game()
    with pytest.raises(PermissionDenied, match=f"Only the {tg.ew_team.name} captain"):
        scorecard_submit(game=tg.game, user=tg.ns_captain, side="EW", hands=NS_WINS_10_2)


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_managers_and_directors_may_submit_for_either_side(staff):
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=staff(), side="EW", hands=NS_WINS_10_2)
    assert version.submitted_for == "EW"


def test_an_unknown_side_is_refused():
    tg = team_game()
    with pytest.raises(ValidationError, match="N-S or E-W"):
        scorecard_submit(game=tg.game, user=manager_user(), side="XX", hands=NS_WINS_10_2)


def test_a_team_that_may_not_play_is_refused_with_the_leagues_reasons():
    tg = team_game()
    Team.objects.filter(pk=tg.ew_team.pk).update(status=Team.Status.WITHDRAWN)
    with pytest.raises(ValidationError) as exc:
        scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert f"{tg.ew_team.name} is withdrawn" in exc.value.messages[0]
    assert _nothing_written()


def test_eligibility_messages_come_from_the_league_check(monkeypatch):
    from league.seasons import eligibility

    tg = team_game()
    asked = []

    def problems(team):
        asked.append(team.pk)
        return [f"{team.name} has a problem."]

    monkeypatch.setattr(eligibility, "team_play_problems", problems)
    with pytest.raises(ValidationError) as exc:
        scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert sorted(asked) == sorted([tg.ns_team.pk, tg.ew_team.pk])
    assert len(exc.value.messages) == 2


def test_a_new_submission_replaces_the_pending_one_in_a_single_chain():
    tg = team_game()
    first = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    second = scorecard_submit(
        game=tg.game, user=tg.ew_captain, side="EW", final_scores={"NS": 10, "EW": 4}
    )
    first.refresh_from_db()
    assert first.state == "replaced"
    assert (second.number, second.previous, second.state) == (2, first, "pending")
    assert Scorecard.objects.get(game=tg.game).current_version == second


def test_the_same_card_submitted_twice_by_the_same_person_is_one_version():
    tg = team_game()
    first = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    again = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert again == first
    assert ScorecardVersion.objects.count() == 1


def test_submitting_clears_the_submitters_draft_only():
    tg = team_game()
    ScorecardDraft.objects.create(user=tg.ns_captain, game=tg.game, hands=[made("NS", 3)])
    ScorecardDraft.objects.create(user=tg.ew_captain, game=tg.game, hands=[made("EW", 3)])
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    assert list(ScorecardDraft.objects.values_list("user", flat=True)) == [tg.ew_captain.pk]


def test_seated_players_submit_an_individual_card_with_per_player_totals():
    game, users = seated_game("progressive")
    version = scorecard_submit(game=game, user=users["N"], side="NS", hands=PROGRESSIVE_EIGHT)
    assert version.seat_totals == {"N": 9, "S": 8, "E": 6, "W": 6}
    assert (version.ns_total, version.ew_total) == (9, 6)
    assert version.lone_hands_made == {"N": 1}
    assert version.hands.get(number=1).seat_points == {"N": 5, "E": 0, "S": 4, "W": 0}


def test_an_individual_lone_hand_must_name_the_loner():
    game, users = seated_game("progressive")
    hands = [made("NS", 5, alone=True), *PROGRESSIVE_EIGHT[1:]]
    with pytest.raises(ValidationError, match="Say who went alone"):
        scorecard_submit(game=game, user=users["S"], side="NS", hands=hands)


def test_an_individual_card_needs_all_eight_hands():
    game, users = seated_game("progressive")
    with pytest.raises(ValidationError, match="Only 3 of 8 hands"):
        scorecard_submit(game=game, user=users["E"], side="EW", hands=PROGRESSIVE_EIGHT[:3])


def test_individual_final_scores_are_four_player_totals():
    game, users = seated_game("progressive")
    version = scorecard_submit(
        game=game, user=users["E"], side="EW", final_scores={"N": 9, "S": 8, "E": 6, "W": 6}
    )
    assert version.seat_totals == {"N": 9, "S": 8, "E": 6, "W": 6}
    assert version.ns_total is None and version.winner == ""


def test_a_seated_player_cannot_submit_for_the_other_side():
    game, users = seated_game("progressive")
    with pytest.raises(PermissionDenied):
        scorecard_submit(game=game, user=users["N"], side="EW", hands=PROGRESSIVE_EIGHT)
