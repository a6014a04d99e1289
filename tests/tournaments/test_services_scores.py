"""Scorekeeper mode: a whole round's cards entered and confirmed in one submit, all or none."""

import pytest
from django.core.exceptions import PermissionDenied

from accounts.models import Role, RoleName, Scope
from activity.models import Activity
from scoring.models import Scorecard, ScorecardVersion
from scoring.services import scorecard_settle, scorecard_staff_enter, scorecard_submit
from tests.factories import UserFactory, director_user, manager_user, player_user
from tests.tournaments.factories import progressive, started
from tournaments.errors import TournamentError
from tournaments.models import Round
from tournaments.services import round_enter_scores, round_start_next
from tournaments.services.scores import RoundScoresRefused, TableResult

pytestmark = pytest.mark.django_db

GOOD = {"N": 6, "S": 6, "E": 2, "W": 2}
OTHER = {"N": 1, "S": 1, "E": 7, "W": 7}
# Partners score alike on every hand but a lone march: N 6 and S 2 can't come from one card.
IMPOSSIBLE = {"N": 6, "S": 2, "E": 2, "W": 2}


@pytest.fixture
def director():
    return UserFactory()


@pytest.fixture
def event(director):
    return started(progressive(players=8, rounds=2, director=director))


def keeper_of(tournament):
    user = UserFactory()
    Role.objects.create(
        user=user, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk, role=RoleName.SCOREKEEPER
    )
    return user


def tables(tournament, number=1):
    return list(Round.objects.get(tournament=tournament, number=number).tables.order_by("number"))


def enter(tournament, user, results, number=1, reason=""):
    return round_enter_scores(
        tournament=tournament,
        number=number,
        user=user,
        results={n: TableResult(scores) for n, scores in results.items()},
        reason=reason,
    )


def versions(table):
    return list(ScorecardVersion.objects.filter(scorecard__game=table.game).order_by("number"))


def test_the_director_enters_every_table_confirmed_in_one_submit(event, director):
    summary = enter(event, director, {1: GOOD, 2: OTHER})
    assert summary.tables("entered") == [1, 2]
    for table, scores in zip(tables(event), (GOOD, OTHER), strict=True):
        card = Scorecard.objects.get(game=table.game)
        assert card.status == Scorecard.Status.CONFIRMED
        (version,) = versions(table)
        assert (version.kind, version.state, version.seat_totals) == ("entry", "confirmed", scores)
        assert version.submitted_by == director and version.confirmed_by == director
        assert version.reason == ""  # a first entry needs no reason
    # Every table is in: the round can move on.
    round_start_next(tournament=event, by=director)


def test_a_scorekeeper_of_this_event_may_enter_the_round(event):
    keeper = keeper_of(event)
    assert enter(event, keeper, {1: GOOD}).tables("entered") == [1]
    assert versions(tables(event)[0])[0].submitted_by == keeper


@pytest.mark.parametrize("who", ["other_director", "other_keeper", "manager", "player"])
def test_nobody_else_may_enter_the_round_and_nothing_is_written(event, who):
    other_event = progressive(players=4, rounds=1, director=UserFactory())
    user = {
        "other_director": lambda: director_user(tournament=other_event),
        "other_keeper": lambda: keeper_of(other_event),
        "manager": manager_user,
        "player": lambda: player_user()[0],
    }[who]()
    with pytest.raises(PermissionDenied):
        enter(event, user, {1: GOOD})
    assert not ScorecardVersion.objects.exists()


@pytest.mark.parametrize("who", ["other_director", "manager"])
def test_the_scoring_service_itself_refuses_other_staff(event, who):
    other_event = progressive(players=4, rounds=1, director=UserFactory())
    user = director_user(tournament=other_event) if who == "other_director" else manager_user()
    with pytest.raises(PermissionDenied):
        scorecard_staff_enter(game=tables(event)[0].game, user=user, final_scores=GOOD)
    assert not ScorecardVersion.objects.exists()


def test_one_bad_table_refuses_the_round_naming_it_and_saves_nothing(event, director):
    with pytest.raises(RoundScoresRefused) as refused:
        enter(event, director, {1: GOOD, 2: IMPOSSIBLE})
    assert list(refused.value.problems) == [2]
    assert "four totals can't come from 8 hands" in refused.value.problems[2]
    assert str(refused.value).startswith("Nothing was saved. Table 2:")
    assert not ScorecardVersion.objects.exists()
    assert not Activity.objects.filter(verb="card_confirmed").exists()


def test_every_bad_table_is_named_at_once(event, director):
    with pytest.raises(RoundScoresRefused) as refused:
        enter(event, director, {1: {"N": 6, "S": 6, "E": 2, "W": None}, 2: IMPOSSIBLE})
    assert sorted(refused.value.problems) == [1, 2]
    assert refused.value.problems[1] == "Enter a score for West."


def test_blank_tables_are_left_for_later(event, director):
    summary = enter(event, director, {1: GOOD, 2: dict.fromkeys("NSEW")})
    assert (summary.tables("entered"), summary.blank) == ([1], [2])
    assert not Scorecard.objects.filter(game=tables(event)[1].game).exists()


def test_a_second_identical_submit_changes_nothing(event, director):
    enter(event, director, {1: GOOD, 2: OTHER})
    again = enter(event, director, {1: GOOD, 2: OTHER})
    assert again.tables("unchanged") == [1, 2]
    assert ScorecardVersion.objects.count() == 2


def test_a_confirmed_table_typed_the_same_is_left_alone_even_if_entered_by_hand(event, director):
    first, second = tables(event)
    hands = [{"maker_side": "NS", "tricks": 3}] * 6 + [{"maker_side": "EW", "tricks": 3}] * 2
    card = Scorecard.objects.create(game=first.game)
    scorecard_settle(scorecard=card, user=director, reason="At the table", hands=hands)
    summary = enter(event, director, {1: GOOD, 2: OTHER})
    assert (summary.tables("unchanged"), summary.tables("entered")) == ([1], [2])
    (version,) = versions(first)
    assert (version.source, version.hand_count, version.seat_totals) == ("hands", 8, GOOD)


def test_changing_a_confirmed_table_is_a_correction_that_needs_the_reason(event, director):
    enter(event, director, {1: GOOD})
    with pytest.raises(RoundScoresRefused) as refused:
        enter(event, director, {1: OTHER})
    assert "Give a reason for the correction" in refused.value.problems[1]
    keeper = keeper_of(event)
    summary = enter(event, keeper, {1: OTHER}, reason="Totals swapped on the sheet")
    assert summary.tables("corrected") == [1]
    before, after = versions(tables(event)[0])
    assert (after.kind, after.previous, after.submitted_by) == ("correction", before, keeper)
    assert after.reason == "Totals swapped on the sheet" and after.seat_totals == OTHER
    logged = Activity.objects.get(verb="card_corrected")
    assert logged.actor == keeper and "Totals swapped" in logged.detail


def test_a_players_card_awaiting_confirmation_typed_the_same_is_confirmed(event, director):
    first = tables(event)[0]
    pending = scorecard_submit(game=first.game, user=director, side="NS", final_scores=GOOD)
    keeper = keeper_of(event)
    assert enter(event, keeper, {1: GOOD}).tables("confirmed") == [1]
    pending.refresh_from_db()
    assert (pending.state, pending.confirmed_by) == ("confirmed", keeper)
    assert len(versions(first)) == 1


def test_a_card_awaiting_confirmation_typed_differently_is_replaced_by_the_entry(event, director):
    first = tables(event)[0]
    scorecard_submit(game=first.game, user=director, side="NS", final_scores=GOOD)
    assert enter(event, keeper_of(event), {1: OTHER}).tables("entered") == [1]
    replaced, entry = versions(first)
    assert (replaced.state, entry.kind, entry.state) == ("replaced", "entry", "confirmed")


def test_unknown_tables_and_rounds_not_started_are_refused(event, director):
    with pytest.raises(TournamentError, match="no table 9"):
        enter(event, director, {9: GOOD})
    with pytest.raises(TournamentError, match="Round 2 hasn't started"):
        enter(event, director, {1: GOOD}, number=2)
    with pytest.raises(TournamentError, match="no round 7"):
        enter(event, director, {1: GOOD}, number=7)
    assert not ScorecardVersion.objects.exists()
