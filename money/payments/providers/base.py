"""The small interface every payment provider answers to, in plain values.

A provider takes money (a hosted checkout the player is sent to, or nothing at all for
money handed over at the door) and gives it back (a refund). Services speak to it through
these dataclasses only, so a second card provider is one more module.
"""

from dataclasses import dataclass
from typing import Protocol


class ProviderUnavailable(Exception):
    """The provider did not answer (network, timeout, its own outage): nothing was done,
    and the same call may be made again (every call carries an idempotency key)."""


class ProviderRefused(Exception):
    """The provider answered no (a bad request, a card refund it won't make)."""


@dataclass(frozen=True)
class Checkout:
    """A hosted checkout: its id, where to send the player, and its state there."""

    ref: str
    url: str
    status: str  # "open", "complete" or "expired"
    paid: bool = False
    payment_ref: str = ""  # the payment intent, once paid
    amount_cents: int | None = None
    currency: str = ""


@dataclass(frozen=True)
class RefundResult:
    ref: str
    done: bool  # False: the provider is still working on it (its webhook tells)
    failed: bool = False


class CardProvider(Protocol):
    name: str

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
    ) -> Checkout: ...

    def checkout_get(self, ref: str) -> Checkout: ...

    def checkout_expire(self, ref: str) -> Checkout: ...

    def refund(
        self, *, key: str, payment_ref: str, amount_cents: int, metadata: dict[str, str]
    ) -> RefundResult: ...
