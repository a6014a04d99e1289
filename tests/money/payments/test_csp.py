"""The page with the "Pay by card" form lets that form go on to Stripe's checkout page;
every other page keeps forms to the app itself."""

import pytest
from django.test import Client
from django.urls import reverse

from money.models import SignUp
from tests.money.payments.conftest import make_registration

pytestmark = pytest.mark.django_db


def _form_action(registration, settings) -> str:
    settings.STRIPE_CHECKOUT_ORIGIN = "https://checkout.example.test"
    client = Client()
    client.force_login(registration.user)
    response = client.get(reverse("money:registration_detail", args=[registration.pk]))
    assert response.status_code == 200
    header = response.headers.get("Content-Security-Policy") or response.headers.get(
        "Content-Security-Policy-Report-Only", ""
    )
    return next(part for part in header.split(";") if "form-action" in part)


def test_a_card_sign_ups_registration_page_lets_its_form_go_to_the_checkout(settings):
    registration = make_registration(SignUp.Payment.CARD)
    assert "https://checkout.example.test" in _form_action(registration, settings)


def test_a_door_sign_ups_registration_page_keeps_forms_to_the_app(settings):
    registration = make_registration(SignUp.Payment.DOOR)
    assert "checkout.example.test" not in _form_action(registration, settings)


def test_other_pages_keep_forms_to_the_app(settings, client):
    settings.STRIPE_CHECKOUT_ORIGIN = "https://checkout.example.test"
    response = client.get(reverse("login"))
    assert "checkout.example.test" not in response.headers.get("Content-Security-Policy", "")
