"""A round's scores submitted twice at the same moment (a double click, or the director and
the scorekeeper at once) make one card per table, each with one version."""

import pytest

from accounts.models import Role, RoleName, Scope
from scoring.models import Scorecard, ScorecardVersion
from tests.concurrency import at_once
from tests.factories import UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.services import round_enter_scores
from tournaments.services.scores import TableResult

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

RESULTS = {
    1: TableResult({"N": 6, "S": 6, "E": 2, "W": 2}),
    2: TableResult({"N": 1, "S": 1, "E": 7, "W": 7}),
}


def test_a_double_submit_of_a_round_makes_no_duplicate_card():
    director = UserFactory()
    tournament = started(progressive(players=8, rounds=2, director=director))
    keeper = UserFactory()
    Role.objects.create(
        user=keeper, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk, role=RoleName.SCOREKEEPER
    )

    def submit(user):
        return lambda: round_enter_scores(
            tournament=tournament, number=1, user=user, results=RESULTS
        )

    first, second = at_once(submit(director), submit(keeper))
    assert not isinstance(first, Exception), first
    assert not isinstance(second, Exception), second
    # One submit entered both tables; the other, recorded after it, found them the same.
    assert sorted([first.tables("entered"), second.tables("entered")]) == [[], [1, 2]]
    assert sorted([first.tables("unchanged"), second.tables("unchanged")]) == [[], [1, 2]]
    assert Scorecard.objects.count() == 2
    assert ScorecardVersion.objects.count() == 2
    assert set(ScorecardVersion.objects.values_list("state", flat=True)) == {"confirmed"}
