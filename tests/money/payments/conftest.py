"""Fixtures of the payments tests: the Stripe stand-in wired to the app, and a player's
registration to a sign-up that takes card payments (and one paying at the door)."""

import pytest
import stripe
from django.test import Client
from django.urls import reverse

from money.models import Registration, SignUp
from tests.factories import PlayerFactory, UserFactory, director_user
from tests.money.factories import EventSignUpFactory, RegistrationFactory
from tests.money.stripe_standin import StripeStandIn

FEE = 2000


@pytest.fixture
def stand_in(settings):
    """The stand-in, with the library pointed at it and its events posted to the webhook
    through the test client (same thread, same database connection as the test)."""
    server = StripeStandIn().start()
    server.configure(settings)
    retries, stripe.max_network_retries = stripe.max_network_retries, 0  # down is down, at once
    hook, url = Client(), reverse("money:stripe_webhook")

    def deliver(payload: bytes, headers: dict[str, str]) -> int:
        return hook.post(
            url,
            payload,
            content_type="application/json",
            headers={"Stripe-Signature": headers["Stripe-Signature"]},
        ).status_code

    server.deliver = deliver
    yield server
    server.stop()
    stripe.max_network_retries = retries


def make_registration(
    payment: str = SignUp.Payment.CARD, fee: int = FEE, **sign_up
) -> Registration:
    user = UserFactory()
    player = PlayerFactory(user=user, email=user.email)
    sign_up = EventSignUpFactory(payment=payment, fee_cents=fee, **sign_up)
    return RegistrationFactory(sign_up=sign_up, player=player, user=user, fee_due_cents=fee)


@pytest.fixture
def card_registration(db) -> Registration:
    return make_registration()


@pytest.fixture
def door_registration(db) -> Registration:
    return make_registration(SignUp.Payment.DOOR)


@pytest.fixture
def director(card_registration):
    return director_user(tournament=card_registration.sign_up.tournament)


@pytest.fixture
def door_director(door_registration):
    return director_user(tournament=door_registration.sign_up.tournament)
