import pytest
import sms


@pytest.fixture(autouse=True)
def sms_outbox():
    """django-sms's locmem outbox is a module global: empty it for every test."""
    sms.outbox = []
    yield sms.outbox
    sms.outbox = []
