"""League-night models: the database keeps one game per number and one live forfeit a night."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.nights.models import FixtureGame, Forfeit
from scoring.models import Game, RuleSet
from tests.league.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def _game() -> Game:
    return Game.objects.create(rule_set=RuleSet.objects.get(slug="cca-league"), label="g")


def test_a_fixture_holds_each_game_number_once():
    fixture = FixtureFactory()
    FixtureGame.objects.create(fixture=fixture, number=1, game=_game())
    with pytest.raises(IntegrityError), transaction.atomic():
        FixtureGame.objects.create(fixture=fixture, number=1, game=_game())


def test_a_game_is_not_both_forfeited_and_without_result():
    fixture = FixtureFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        FixtureGame.objects.create(
            fixture=fixture, number=1, game=_game(), forfeited_by=fixture.home, no_result=True
        )


def test_a_team_has_one_live_forfeit_per_fixture_but_overturned_ones_stay():
    fixture = FixtureFactory()
    first = Forfeit.objects.create(fixture=fixture, team=fixture.home, reason="late", games=[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        Forfeit.objects.create(fixture=fixture, team=fixture.home, reason="late", games=[1])
    first.overturned_at = timezone.now()
    first.overturn_reason = "The clock was wrong."
    first.save()
    Forfeit.objects.create(fixture=fixture, team=fixture.home, reason="late", games=[1, 2])
    assert Forfeit.objects.filter(fixture=fixture).count() == 2


def test_an_overturn_needs_a_reason():
    fixture = FixtureFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Forfeit.objects.create(
            fixture=fixture,
            team=fixture.home,
            reason="late",
            games=[1],
            overturned_at=timezone.now(),
        )
