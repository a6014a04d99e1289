"""Payment providers behind one small interface (providers.base): pay at the door (the
default, no outside call) and Stripe Checkout (card)."""

from money.payments.providers.base import (
    CardProvider,
    Checkout,
    ProviderRefused,
    ProviderUnavailable,
    RefundResult,
)
from money.payments.providers.door import DoorProvider
from money.payments.providers.stripe_checkout import StripeProvider

__all__ = [
    "CardProvider",
    "Checkout",
    "DoorProvider",
    "ProviderRefused",
    "ProviderUnavailable",
    "RefundResult",
    "StripeProvider",
    "card_provider",
    "provider_for",
]


def card_provider() -> CardProvider:
    return StripeProvider()


def provider_for(method: str) -> DoorProvider | StripeProvider:
    """The provider that took a payment of `method` (and gives its refunds)."""
    return StripeProvider() if method == "card" else DoorProvider()
