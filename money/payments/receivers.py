"""What payments does when another part of money tells it something (money.signals)."""

from typing import Any

from django.dispatch import receiver

from money.signals import registration_left


@receiver(registration_left, dispatch_uid="money.payments.refund_on_leaving")
def on_registration_left(
    sender: Any, registration: Any, reason: str, by: Any = None, **kwargs: Any
) -> None:
    from money.payments.services.withdrawal import refund_on_leaving

    refund_on_leaving(registration=registration, reason=reason, by=by)
