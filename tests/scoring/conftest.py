import pytest

from scoring.signals import card_confirmed


@pytest.fixture
def received():
    """The `card_confirmed` signals sent during the test, as their keyword arguments."""
    calls = []

    def listener(sender, **kwargs):
        calls.append(kwargs)

    card_confirmed.connect(listener)
    yield calls
    card_confirmed.disconnect(listener)
