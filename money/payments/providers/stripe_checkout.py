"""Stripe Checkout through the official `stripe` library: the card is typed on Stripe's
page, never here. Every call carries an idempotency key made from our own row's id, so a
retry after a timeout never charges or refunds twice.

Settings are read at each call (STRIPE_SECRET_KEY, STRIPE_API_BASE), so tests point the
library at a local stand-in with override_settings.
"""

import logging
from typing import Any

import stripe
from django.conf import settings

from money.payments.providers.base import (
    Checkout,
    ProviderRefused,
    ProviderUnavailable,
    RefundResult,
)

# A player waits on this page: a slow Stripe is a message after 15 s, not a hung request.
TIMEOUT_SECONDS = 15
_DOWN = (stripe.error.APIConnectionError, stripe.error.RateLimitError, stripe.error.APIError)
_MISCONFIGURED = (stripe.error.AuthenticationError, stripe.error.PermissionError)
logger = logging.getLogger(__name__)


def _configure() -> None:
    if not settings.STRIPE_SECRET_KEY:  # the deploy check warns of this; nothing is sent
        raise ProviderUnavailable("STRIPE_SECRET_KEY is not set.")
    stripe.api_key = settings.STRIPE_SECRET_KEY
    stripe.api_base = settings.STRIPE_API_BASE
    if stripe.default_http_client is None:
        stripe.default_http_client = stripe.RequestsClient(timeout=TIMEOUT_SECONDS)


def _call(method: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """One library call as a plain dict, its failures in the interface's two kinds."""
    _configure()
    try:
        return method(*args, **kwargs).to_dict()
    except _DOWN as exc:
        raise ProviderUnavailable(str(exc)) from exc
    except _MISCONFIGURED as exc:  # our keys, not the player's card: "not answering" to them
        logger.error("Stripe refused our credentials: %s", exc)
        raise ProviderUnavailable(str(exc)) from exc
    except stripe.error.StripeError as exc:
        if exc.http_status is not None and exc.http_status >= 500:
            raise ProviderUnavailable(str(exc)) from exc
        raise ProviderRefused(exc.user_message or str(exc)) from exc


def _checkout(session: dict[str, Any]) -> Checkout:
    return Checkout(
        ref=session["id"],
        url=session.get("url") or "",
        status=session.get("status") or "open",
        paid=session.get("payment_status") == "paid",
        payment_ref=_id_of(session.get("payment_intent")),
        amount_cents=session.get("amount_total"),
        currency=(session.get("currency") or "").upper(),
    )


def _id_of(value: Any) -> str:
    """An expandable field: an id, an object with one, or nothing."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return str(value.get("id") or "")


class StripeProvider:
    name = "stripe"

    def checkout_start(
        self,
        *,
        key: str,
        amount_cents: int,
        currency: str,
        description: str,
        success_url: str,
        cancel_url: str,
        metadata: dict[str, str],
    ) -> Checkout:
        session = _call(
            stripe.checkout.Session.create,
            idempotency_key=key,
            mode="payment",
            line_items=[
                {
                    "quantity": 1,
                    "price_data": {
                        "currency": currency.lower(),
                        "unit_amount": amount_cents,
                        "product_data": {"name": description[:250]},
                    },
                }
            ],
            success_url=success_url,
            cancel_url=cancel_url,
            client_reference_id=metadata.get("payment_id", ""),
            metadata=metadata,
            payment_intent_data={"metadata": metadata},
        )
        return _checkout(session)

    def checkout_get(self, ref: str) -> Checkout:
        return _checkout(_call(stripe.checkout.Session.retrieve, ref))

    def checkout_expire(self, ref: str) -> Checkout:
        return _checkout(_call(stripe.checkout.Session.expire, ref))

    def refund(
        self, *, key: str, payment_ref: str, amount_cents: int, metadata: dict[str, str]
    ) -> RefundResult:
        if not payment_ref:
            raise ProviderRefused("The card payment has no payment intent to refund.")
        refund = _call(
            stripe.Refund.create,
            idempotency_key=key,
            payment_intent=payment_ref,
            amount=amount_cents,
            metadata=metadata,
        )
        status = refund.get("status")
        return RefundResult(
            ref=refund["id"], done=status == "succeeded", failed=status in ("failed", "canceled")
        )


def event_verified(*, payload: bytes, signature: str) -> dict[str, Any]:
    """The webhook's event as a plain dict, once its signature checks against
    STRIPE_WEBHOOK_SECRET (Stripe's real scheme, by the library); ValueError otherwise."""
    secret = settings.STRIPE_WEBHOOK_SECRET
    if not secret:
        raise ValueError("No webhook signing secret is set.")
    try:
        event = stripe.Webhook.construct_event(payload, signature, secret)
    except stripe.error.SignatureVerificationError as exc:
        raise ValueError("The signature does not match.") from exc
    return event.to_dict()
