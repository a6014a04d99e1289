"""Confirmed cards re-rate their game, except inside `paused()` (a bulk load's rebuild)."""

import pytest

from people.models import PlayerRating
from people.receivers import paused
from scoring.services import scorecard_confirm, scorecard_submit
from tests.scoring.factories import NS_WINS_10_2, seated_game

pytestmark = pytest.mark.django_db


def _confirm(game, users):
    version = scorecard_submit(game=game, user=users["N"], side="NS", hands=NS_WINS_10_2)
    scorecard_confirm(version=version, user=users["E"])


def test_cards_confirmed_while_paused_wait_for_the_rebuild_and_later_ones_rate_again(
    django_capture_on_commit_callbacks,
):
    game, users = seated_game("cca-league")
    with paused(), django_capture_on_commit_callbacks(execute=True):
        _confirm(game, users)
    assert not PlayerRating.objects.exists()
    later, others = seated_game("cca-league")
    with django_capture_on_commit_callbacks(execute=True):
        _confirm(later, others)
    assert PlayerRating.objects.count() == 4
