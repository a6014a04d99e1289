"""The Content-Security-Policy of a page with a "Pay by card" form.

The app's policy lets forms go only to the app itself (`form-action 'self'`), and browsers
apply it to the redirect that follows the form too, so the checkout's redirect to Stripe's
hosted page would be blocked. The page that offers the card button widens `form-action`
to Stripe's checkout origin, for that page only.
"""

from django.conf import settings
from django.http import HttpResponse

FORM_ACTION = "form-action"


def _widened(policy: dict) -> dict:
    if not policy:
        return policy
    sources = list(policy.get(FORM_ACTION, []))
    origin = settings.STRIPE_CHECKOUT_ORIGIN
    if origin and origin not in sources:
        sources.append(origin)
    return {**policy, FORM_ACTION: sources}


def allow_checkout_form(response: HttpResponse) -> HttpResponse:
    """Let this page's forms go on to the card provider's checkout page."""
    response._csp_config = _widened(settings.SECURE_CSP)
    response._csp_ro_config = _widened(settings.SECURE_CSP_REPORT_ONLY)
    return response
