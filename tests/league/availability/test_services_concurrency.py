"""Two answers at once for the same player and fixture: one row, no 500."""

import pytest

from league.availability.models import Availability
from league.availability.services import availability_answer
from tests.concurrency import at_once
from tests.league.availability.factories import upcoming

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_two_answers_at_once_leave_one_row():
    u = upcoming()
    player = u.mate(u.home)
    outcomes = at_once(
        lambda: availability_answer(fixture=u.fixture, player=player, answer="coming", via="link"),
        lambda: availability_answer(fixture=u.fixture, player=player, answer="maybe", via="text"),
    )
    assert all(isinstance(o, Availability) for o in outcomes), outcomes
    row = Availability.objects.get()
    assert row.answer in ("coming", "maybe")
