"""The create form sent twice at the same moment (a double tap, two tabs), on PostgreSQL:
the one-to-one column decides, one sign-up is made and the other call gets it back."""

import datetime

import pytest
from django.utils import timezone

from activity.models import Activity, Verb
from money.models import Member, SignUp
from money.setup.rules import Terms
from money.setup.services import member_add, sign_up_create
from tests.concurrency import at_once
from tests.factories import LeagueFactory, SeasonFactory, manager_user

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_two_creates_at_once_make_one_sign_up_and_one_log_line() -> None:
    season = SeasonFactory()
    manager = manager_user(league=season.league)
    now = timezone.now()
    terms = Terms(opens_at=now, closes_at=now + datetime.timedelta(days=7), fee_cents=2000)

    def create():  # type: ignore[no-untyped-def]
        return sign_up_create(by=manager, season=season, terms=terms)

    outcomes = at_once(create, create, create)
    assert all(isinstance(o, tuple) for o in outcomes), outcomes
    assert sorted(created for _, created in outcomes) == [False, False, True]
    assert len({sign_up.pk for sign_up, _ in outcomes}) == 1
    assert SignUp.objects.count() == 1
    assert Activity.objects.filter(verb=Verb.SIGN_UP_CHANGED).count() == 1


def test_one_member_added_twice_at_once_is_one_member() -> None:
    league = LeagueFactory()
    manager = manager_user(league=league)

    def add():  # type: ignore[no-untyped-def]
        return member_add(league=league, by=manager, text="Nora New, nora@example.com")

    outcomes = at_once(add, add)
    assert all(isinstance(o, tuple) for o in outcomes), outcomes
    assert Member.objects.count() == 1
