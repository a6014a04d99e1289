"""A signed-in person's player record: found, linked by email, or made once."""

import pytest

from league.seasons.models import Player
from league.seasons.services.players import player_for_user
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_person_with_a_record_gets_that_record():
    user = UserFactory()
    mine = PlayerFactory(user=user)
    assert player_for_user(user) == mine


def test_an_unlinked_record_with_the_accounts_email_is_linked_not_copied():
    user = UserFactory(email="Pat@Example.com")
    known = PlayerFactory(email="pat@example.com")
    assert player_for_user(user) == known
    known.refresh_from_db()
    assert known.user == user and Player.objects.count() == 1


def test_an_email_of_another_accounts_record_is_left_to_them():
    other = PlayerFactory(email="sam@example.com", user=UserFactory())
    user = UserFactory(email="sam@example.com", first_name="Sam", last_name="Two")
    made = player_for_user(user)
    assert made != other and made.email == "" and made.name == "Sam Two"
    assert player_for_user(user) == made  # the second call finds it
