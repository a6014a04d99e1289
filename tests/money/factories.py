"""Factories for sign-ups and registrations, shared by the money tests."""

import datetime

import factory
from django.utils import timezone

from money.models import Registration, SignUp
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory


def _now() -> datetime.datetime:
    return timezone.now()


class SeasonSignUpFactory(factory.django.DjangoModelFactory):
    """A season's sign-up, open now for a week, teams, no fee."""

    class Meta:
        model = SignUp

    season = factory.SubFactory(SeasonFactory)
    unit = SignUp.Unit.TEAM
    opens_at = factory.LazyFunction(lambda: _now() - datetime.timedelta(days=1))
    closes_at = factory.LazyFunction(lambda: _now() + datetime.timedelta(days=7))


class EventSignUpFactory(SeasonSignUpFactory):
    """An event's sign-up (a progressive: players), open now for a week, no fee."""

    season = None
    tournament = factory.SubFactory(TournamentFactory)
    unit = SignUp.Unit.PLAYER


class RegistrationFactory(factory.django.DjangoModelFactory):
    """A registration holding the next place (set `place` yourself when it matters)."""

    class Meta:
        model = Registration

    sign_up = factory.SubFactory(EventSignUpFactory)
    player = factory.SubFactory(PlayerFactory)
    state = Registration.State.HOLDING
    place = factory.Sequence(lambda n: n + 1)
