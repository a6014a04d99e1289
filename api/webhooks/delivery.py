"""Sending webhook deliveries: claim, sign, POST, record. Tasks call these.

The discipline of the notices' outbox (docs/notices.md). A delivery is CLAIMED before it
is sent, by one conditional UPDATE (pending and due, or 'sending' under a lease that ran
out with tries left → 'sending' with our token): two workers handed the same rows send
each once. Only rows carrying our token are sent and marked. A worker dying after the
receiver answered and before the mark leaves the row claimed: its lease runs out and it
is sent again (at most the one in flight twice; receivers deduplicate on `id`, the
event key, or on X-Euchre-Delivery). Nothing is lost: rows stay pending until sent or
given up, whatever the broker does.

A failed try is retried after BACKOFF; after the last it is failed (the log's "retry
now" tries once more). DISABLE_AFTER failures in a row, on any of its deliveries,
disable the endpoint (its creator is told); its pending rows wait for it to be enabled.
"""

import logging
import time
import uuid
from datetime import timedelta

from django.db.models import F, Q
from django.utils import timezone

from api.models import WebhookDelivery, WebhookEndpoint
from api.webhooks import http
from api.webhooks.signing import sign
from api.webhooks.urls_check import UrlRefused, check_url

logger = logging.getLogger(__name__)

Status = WebhookDelivery.Status

BACKOFF = (60, 5 * 60, 30 * 60, 2 * 3600, 12 * 3600)  # seconds before tries 2, 3, …
MAX_ATTEMPTS = len(BACKOFF) + 1
DISABLE_AFTER = 10
CLAIM_LEASE = timedelta(seconds=60)  # far longer than a try (http.TIMEOUT)
ERROR_MAX = 1000
USER_AGENT = "Euchre-Webhooks/1"


def retry_delay(attempts: int) -> int:
    """Seconds before the next try, after `attempts` tries (1 → a minute, … 5 → 12 hours)."""
    return BACKOFF[min(max(attempts, 1), len(BACKOFF)) - 1]


def _claimable(now) -> Q:  # type: ignore[no-untyped-def]
    return Q(status=Status.PENDING, available_at__lte=now) | Q(
        status=Status.SENDING, claimed_at__lt=now - CLAIM_LEASE, attempts__lt=MAX_ATTEMPTS
    )


def claim(ids: list[int], token: uuid.UUID) -> list[WebhookDelivery]:
    """Claim the due rows among `ids` whose endpoint is active; returns those we won."""
    now = timezone.now()
    active = WebhookEndpoint.objects.filter(active=True).values("pk")
    WebhookDelivery.objects.filter(_claimable(now), pk__in=ids, endpoint__in=active).update(
        status=Status.SENDING, claim_token=token, claimed_at=now, attempts=F("attempts") + 1
    )
    return list(
        WebhookDelivery.objects.filter(claim_token=token, status=Status.SENDING)
        .select_related("endpoint")
        .order_by("pk")
    )


def headers_for(delivery: WebhookDelivery, body: bytes, timestamp: int) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Euchre-Event": delivery.event,
        "X-Euchre-Delivery": str(delivery.pk),
        "X-Euchre-Timestamp": str(timestamp),
        "X-Euchre-Signature": sign(delivery.endpoint.secret, timestamp, body),
    }


def attempt(delivery: WebhookDelivery) -> tuple[int | None, str]:
    """One try: (status code or None, error or "" when the receiver took it)."""
    body = delivery.body.encode()
    try:
        target = check_url(delivery.endpoint.url)  # again: the name may resolve elsewhere now
    except UrlRefused as refused:
        return None, f"Not sent: {refused}"
    timestamp = int(time.time())
    try:
        code = http.post(target, body, headers_for(delivery, body, timestamp))
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"[:ERROR_MAX] or type(exc).__name__
    if 200 <= code < 300:
        return code, ""
    if 300 <= code < 400:
        return code, f"Answered {code}: redirects are not followed."
    return code, f"Answered {code}."


def _mine(delivery: WebhookDelivery, token: uuid.UUID):  # type: ignore[no-untyped-def]
    return WebhookDelivery.objects.filter(pk=delivery.pk, claim_token=token, status=Status.SENDING)


def _succeeded(delivery: WebhookDelivery, token: uuid.UUID, code: int) -> None:
    _mine(delivery, token).update(
        status=Status.SENT, sent_at=timezone.now(), last_status_code=code, last_error=""
    )
    WebhookEndpoint.objects.filter(pk=delivery.endpoint_id).exclude(failures=0).update(failures=0)


def _failed(delivery: WebhookDelivery, token: uuid.UUID, code: int | None, error: str) -> None:
    if delivery.attempts >= MAX_ATTEMPTS:
        changes = {"status": Status.FAILED}
    else:
        later = timezone.now() + timedelta(seconds=retry_delay(delivery.attempts))
        changes = {"status": Status.PENDING, "available_at": later}
    _mine(delivery, token).update(last_status_code=code, last_error=error, **changes)
    WebhookEndpoint.objects.filter(pk=delivery.endpoint_id).update(failures=F("failures") + 1)
    endpoint_disable_if_failing(delivery.endpoint_id)


def endpoint_disable_if_failing(endpoint_id: int) -> bool:
    """Disable the endpoint after DISABLE_AFTER failures in a row; tell its creator once."""
    now = timezone.now()
    disabled = WebhookEndpoint.objects.filter(
        pk=endpoint_id, active=True, failures__gte=DISABLE_AFTER
    ).update(active=False, disabled_at=now)
    if disabled:
        from api.webhooks.notify import endpoint_disabled_notify

        endpoint_disabled_notify(endpoint_id)
    return bool(disabled)


def deliver(ids: list[int]) -> int:
    """Claim and send what can be claimed among `ids`; returns how many were delivered."""
    token = uuid.uuid4()
    sent = 0
    for delivery in claim(ids, token):
        code, error = attempt(delivery)
        if error:
            logger.warning("Webhook delivery %s failed: %s", delivery.pk, error)
            _failed(delivery, token, code, error)
        else:
            _succeeded(delivery, token, code or 200)
            sent += 1
    return sent


def due_ids() -> list[int]:
    """What the sweep hands over: due pending rows of active endpoints, expired leases."""
    now = timezone.now()
    active = WebhookEndpoint.objects.filter(active=True).values("pk")
    rows = WebhookDelivery.objects.filter(_claimable(now), endpoint__in=active)
    return list(rows.order_by("pk").values_list("pk", flat=True)[:1000])


def fail_abandoned() -> int:
    """Leases that ran out on their last try: failed, for the log (and "retry now")."""
    return WebhookDelivery.objects.filter(
        status=Status.SENDING,
        claimed_at__lt=timezone.now() - CLAIM_LEASE,
        attempts__gte=MAX_ATTEMPTS,
    ).update(
        status=Status.FAILED,
        last_error="The worker stopped while sending; the receiver may or may not have it.",
    )
