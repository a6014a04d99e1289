"""Two yeses at once, two captains asking at once: real concurrent calls on PostgreSQL."""

import pytest

from league.seasons.models import RosterEntry
from league.subs import services
from league.subs.models import SubAsk, SubRequest
from tests.concurrency import at_once
from tests.factories import manager_user
from tests.league.subs.factories import fixture_ahead, volunteer

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_two_yeses_at_once_fill_it_once_and_the_other_is_told_its_filled():
    ahead = fixture_ahead()
    ann, bob = volunteer(ahead.season, name="Ann"), volunteer(ahead.season, name="Bob")
    request = services.sub_request_create(
        fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain
    )
    asks = [request.asks.get(player=ann), request.asks.get(player=bob)]
    outcomes = at_once(
        *[
            lambda ask=ask: services.sub_request_answer(ask=ask, yes=True, via="link")
            for ask in asks
        ]
    )
    assert sorted(o.outcome for o in outcomes) == [services.FILLED, services.TOO_LATE], outcomes
    request.refresh_from_db()
    assert request.status == SubRequest.Status.FILLED
    assert RosterEntry.objects.filter(fixture=ahead.fixture, role="sub").count() == 1
    answers = sorted(SubAsk.objects.values_list("answer", flat=True))
    assert answers == [SubAsk.Answer.TOO_LATE, SubAsk.Answer.YES]


def test_the_same_yes_twice_at_once_adds_one_sub():
    ahead = fixture_ahead()
    ann = volunteer(ahead.season)
    request = services.sub_request_create(
        fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain
    )
    ask = request.asks.get()
    outcomes = at_once(
        *[lambda: services.sub_request_answer(ask=ask, yes=True, via="link") for _ in range(2)]
    )
    assert sorted(o.outcome for o in outcomes) == [services.ALREADY, services.FILLED], outcomes
    assert RosterEntry.objects.filter(fixture=ahead.fixture, player=ann).count() == 1


def test_two_captains_asking_at_once_make_one_request():
    ahead = fixture_ahead()
    volunteer(ahead.season)
    manager = manager_user(league=ahead.season.league)
    outcomes = at_once(
        lambda: services.sub_request_create(
            fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain
        ),
        lambda: services.sub_request_create(fixture=ahead.fixture, team=ahead.home, by=manager),
    )
    made = [o for o in outcomes if isinstance(o, SubRequest)]
    already = [o for o in outcomes if isinstance(o, services.AlreadyLooking)]
    assert len(made) == 1 and len(already) == 1, outcomes
    assert already[0].existing.pk == made[0].pk
    assert SubRequest.objects.count() == 1
    assert SubAsk.objects.count() == 1
