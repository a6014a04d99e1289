"""Choosing what a profile shows: only the person, and a second save updates the same row."""

import pytest
from django.core.exceptions import PermissionDenied

from people.models import ProfileChoice
from people.services.profiles import profile_choice_update
from tests.factories import PlayerFactory, UserFactory, manager_user

pytestmark = pytest.mark.django_db

SHOW_ALL = {"show_results": True, "show_statistics": True, "show_rating": True}


def test_the_person_chooses_what_the_public_sees():
    user = UserFactory()
    player = PlayerFactory(user=user)
    choice = profile_choice_update(actor=user, player=player, **SHOW_ALL)
    assert choice.show_results and choice.show_statistics and choice.show_rating
    profile_choice_update(
        actor=user, player=player, show_results=False, show_statistics=True, show_rating=False
    )
    kept = ProfileChoice.objects.get(player=player)
    assert (kept.show_results, kept.show_statistics, kept.show_rating) == (False, True, False)
    assert ProfileChoice.objects.filter(player=player).count() == 1


@pytest.mark.parametrize("who", ["another player", "a manager", "nobody"])
def test_nobody_else_chooses_for_them_and_nothing_changes(who):
    player = PlayerFactory(user=UserFactory())
    actor = {
        "another player": lambda: PlayerFactory(user=UserFactory()).user,
        "a manager": manager_user,
        "nobody": lambda: None,
    }[who]()
    with pytest.raises(PermissionDenied):
        profile_choice_update(actor=actor, player=player, **SHOW_ALL)
    assert not ProfileChoice.objects.filter(player=player).exists()
