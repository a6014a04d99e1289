"""Payments and refunds reach the ledger once each, in the sign-up's currency."""

import pytest

from money.ledger.posting import ledger_for_sign_up, ledger_post_payment, ledger_post_refund
from money.models import Ledger, LedgerEntry
from tests.money.factories import EventSignUpFactory, SeasonSignUpFactory
from tests.money.ledger.helpers import pay, refund, registration

pytestmark = pytest.mark.django_db


def test_a_payment_posted_twice_is_one_fee_line() -> None:
    sign_up = EventSignUpFactory(fee_cents=800)
    payment = pay(registration(sign_up), 800)
    again = ledger_post_payment(payment=payment)
    assert LedgerEntry.objects.filter(kind="fee").count() == 1
    assert again.amount_cents == 800 and again.player_id == payment.registration.player_id


def test_a_refund_posted_twice_is_one_refund_line() -> None:
    sign_up = EventSignUpFactory(fee_cents=800)
    done = refund(pay(registration(sign_up), 800), 300)
    ledger_post_refund(refund=done)
    assert list(
        LedgerEntry.objects.filter(kind="refund").values_list("amount_cents", flat=True)
    ) == [-300]


def test_the_ledger_takes_the_sign_ups_currency_once() -> None:
    sign_up = SeasonSignUpFactory(currency="CAD", fee_cents=5000)
    ledger = ledger_for_sign_up(sign_up)
    assert ledger.currency == "CAD" and ledger.season_id == sign_up.season_id
    assert ledger_for_sign_up(sign_up) == ledger
    assert Ledger.objects.count() == 1
