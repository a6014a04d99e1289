import pytest

from tests.tournaments.factories import settle


@pytest.fixture
def confirm(django_capture_on_commit_callbacks):
    """Settle a game's card and run what listens to card_confirmed (sent on commit)."""

    def run(game, scores: dict, user=None):
        with django_capture_on_commit_callbacks(execute=True):
            return settle(game, scores, user)

    return run
