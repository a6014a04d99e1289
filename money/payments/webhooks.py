"""Stripe's webhook: a public POST, trusted only once its signature checks against
STRIPE_WEBHOOK_SECRET (the library's own verification). A forged, unsigned or stale body
is refused with 400 and changes nothing; a verified event answers 200 however it ends
(recorded once; a delivery again is 200 and nothing more), so Stripe stops resending."""

import json
import logging

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from money.payments.providers.stripe_checkout import event_verified
from money.payments.services.events import event_receive

logger = logging.getLogger(__name__)

BODY_MAX = 256 * 1024  # Stripe's events are a few kilobytes


@csrf_exempt
@require_POST
def stripe_webhook(request: HttpRequest) -> HttpResponse:
    payload = request.body
    if len(payload) > BODY_MAX:
        return HttpResponseBadRequest("Too large.")
    try:
        event = event_verified(
            payload=payload, signature=request.headers.get("Stripe-Signature", "")
        )
    except ValueError as exc:
        logger.warning("Stripe webhook refused: %s", exc)
        return HttpResponseBadRequest("Not signed by Stripe.")
    outcome = event_receive(event=event)
    return HttpResponse(json.dumps({"outcome": outcome}), content_type="application/json")
