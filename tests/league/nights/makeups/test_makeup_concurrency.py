"""Two managers (or a double click) arranging at once: one makeup game, the other told
clearly, never a 500 or a second fixture (PostgreSQL: row locks and the constraint)."""

import pytest
from django.core.exceptions import ValidationError

from league.nights.services.makeups import makeup_arrange
from league.seasons.models import Fixture
from notices.models import Notice
from tests.concurrency import at_once
from tests.factories import manager_user
from tests.league.nights.makeups.factories import forfeit_night

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def _arrange(night, by, a: str, b: str):
    return lambda: makeup_arrange(
        by=by, team_a=night.teams[a], team_b=night.teams[b], date=night.date
    )


@pytest.mark.parametrize(
    "second", [("A1", "A3"), ("A3", "A1"), ("A1", "A7")], ids=["same", "reversed", "shared"]
)
def test_two_arrangements_at_once_make_one_makeup_game(second):
    night = forfeit_night()
    other = manager_user(league=night.season.league)
    before = Notice.objects.count()
    outcomes = at_once(_arrange(night, night.manager, "A1", "A3"), _arrange(night, other, *second))
    made = [o for o in outcomes if isinstance(o, Fixture)]
    refused = [o for o in outcomes if isinstance(o, ValidationError)]
    assert len(made) == 1 and len(refused) == 1, outcomes
    assert "already" in refused[0].messages[0]
    assert Fixture.objects.filter(one_off=True).count() == 1
    assert Notice.objects.count() == before + 1  # one notice to the two captains
