"""Deploy check: a sign-up that takes card payments needs Stripe's secret key (to start
checkouts and refunds) and the webhook's signing secret (to believe Stripe's events)."""

from django.conf import settings
from django.core.checks import Warning, register
from django.db import DatabaseError


@register("money", deploy=True)
def check_stripe_keys(app_configs, **kwargs):  # type: ignore[no-untyped-def]
    missing = [
        name
        for name in ("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET")
        if not getattr(settings, name, "")
    ]
    if not missing:
        return []
    from money.models import SignUp

    try:
        takes_cards = SignUp.objects.filter(payment=SignUp.Payment.CARD).exists()
    except DatabaseError:  # no database yet (a fresh deploy): nothing takes cards
        return []
    if not takes_cards:
        return []
    return [
        Warning(
            f"A sign-up takes card payments but {' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not set: card payments can't be "
            "started, refunded or confirmed.",
            hint="Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the webhook endpoint's "
            "signing secret), or switch those sign-ups to pay at the door.",
            id="money.W001",
        )
    ]
