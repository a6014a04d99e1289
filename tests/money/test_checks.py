"""`manage.py check --deploy` warns when a sign-up takes card payments without Stripe's keys."""

import pytest

from money.checks import check_stripe_keys
from tests.money.factories import EventSignUpFactory

pytestmark = pytest.mark.django_db


def test_no_warning_while_every_sign_up_pays_at_the_door(settings):
    settings.STRIPE_SECRET_KEY = settings.STRIPE_WEBHOOK_SECRET = ""
    EventSignUpFactory(payment="door")
    assert check_stripe_keys(None) == []


@pytest.mark.parametrize(
    ("key", "secret", "missing"),
    [
        ("", "", "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET"),
        ("sk", "", "STRIPE_WEBHOOK_SECRET"),
        ("", "wh", "STRIPE_SECRET_KEY"),
    ],
)
def test_a_card_sign_up_without_the_keys_warns(settings, key, secret, missing):
    settings.STRIPE_SECRET_KEY, settings.STRIPE_WEBHOOK_SECRET = key, secret
    EventSignUpFactory(payment="card", fee_cents=1000)
    (warning,) = check_stripe_keys(None)
    assert warning.id == "money.W001" and missing in warning.msg


def test_no_warning_with_both_keys(settings):
    settings.STRIPE_SECRET_KEY, settings.STRIPE_WEBHOOK_SECRET = "sk", "wh"
    EventSignUpFactory(payment="card", fee_cents=1000)
    assert check_stripe_keys(None) == []


def test_the_check_is_a_deploy_check(settings):
    from django.core import checks

    settings.STRIPE_SECRET_KEY = ""
    EventSignUpFactory(payment="card", fee_cents=1000)
    found = checks.run_checks(include_deployment_checks=True, tags=["money"])
    assert "money.W001" in [m.id for m in found]
    assert "money.W001" not in [m.id for m in checks.run_checks(tags=["money"])]
