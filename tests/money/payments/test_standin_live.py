"""The stand-in as a browser test uses it: its hosted checkout page and "Pay" button, the
signed event posted over HTTP to the app's webhook on a live server, then back to the
success URL. (The browser's part, typing nothing and pressing Pay, is two HTTP requests.)"""

import pytest
import requests
import stripe
from django.test import Client
from django.urls import reverse

from money.models import LedgerEntry, Payment, ProviderEvent
from tests.money.payments.conftest import make_registration
from tests.money.stripe_standin import StripeStandIn

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_stand_in(live_server, settings):
    url = live_server.url + reverse("money:stripe_webhook")
    with StripeStandIn(webhook_url=url) as server:
        server.configure(settings)
        retries, stripe.max_network_retries = stripe.max_network_retries, 0
        yield server
        stripe.max_network_retries = retries


def test_paying_on_the_hosted_page_posts_a_signed_event_to_the_live_webhook(live_stand_in):
    registration = make_registration()
    client = Client()
    client.force_login(registration.user)
    to_checkout = client.post(reverse("money:pay_by_card", kwargs={"pk": registration.pk}))
    page = requests.get(to_checkout["Location"], timeout=10)
    assert page.status_code == 200 and "id='pay'" in page.text and "20.00 USD" in page.text
    session_id = to_checkout["Location"].rsplit("/", 1)[1]
    paid = requests.post(f"{to_checkout['Location']}/pay", allow_redirects=False, timeout=30)
    assert paid.status_code == 303
    assert paid.headers["Location"] == live_stand_in.sessions[session_id]["success_url"]
    assert live_stand_in.deliveries[-1][1] == 200
    payment = Payment.objects.get(registration=registration)
    assert payment.state == Payment.State.PAID
    assert LedgerEntry.objects.filter(payment=payment).count() == 1
    assert ProviderEvent.objects.count() == 1


def test_cancel_on_the_hosted_page_goes_back_to_the_cancel_url(live_stand_in):
    registration = make_registration()
    client = Client()
    client.force_login(registration.user)
    checkout = client.post(reverse("money:pay_by_card", kwargs={"pk": registration.pk}))["Location"]
    back = requests.get(f"{checkout}/cancel", allow_redirects=False, timeout=10)
    assert back.status_code == 303
    assert back.headers["Location"].endswith(
        reverse("money:checkout_cancelled", kwargs={"pk": registration.pk})
    )
