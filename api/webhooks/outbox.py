"""Writing deliveries and handing them to the worker.

One row per active endpoint subscribed to the event, its body built for the endpoint's
format; the unique (endpoint, event_key) makes a second write of the same event find the
first row. Rows are handed to Celery once the transaction commits; a broker that refuses
them leaves them pending, and the sweep (every minute) hands them over again.
"""

import logging
from functools import partial

from django.db import transaction
from django.utils import timezone

from api.models import WebhookDelivery, WebhookEndpoint
from api.webhooks.events import Event, body_for

logger = logging.getLogger(__name__)

Status = WebhookDelivery.Status


def endpoints_listening(event: Event) -> list[WebhookEndpoint]:
    scope = {"league_id" if event.scope_kind == "league" else "tournament_id": event.scope_id}
    endpoints = WebhookEndpoint.objects.filter(active=True, **scope).order_by("pk")
    return [endpoint for endpoint in endpoints if event.name in (endpoint.events or [])]


@transaction.atomic
def deliveries_write(event: Event, endpoints: list[WebhookEndpoint] | None = None) -> list[int]:
    """The event's pending deliveries (new or found), queued once the transaction commits."""
    endpoints = endpoints_listening(event) if endpoints is None else endpoints
    if not endpoints:
        return []
    delivery_rows_write(event, endpoints)
    ids = list(
        WebhookDelivery.objects.filter(
            endpoint__in=endpoints, event_key=event.key, status=Status.PENDING
        ).values_list("pk", flat=True)
    )
    queue_on_commit(ids)
    return ids


def delivery_rows_write(event: Event, endpoints: list[WebhookEndpoint]) -> int:
    """The event's rows for `endpoints`, pending and due now, not handed to a worker (the
    sweep hands them over); a row already there stands. How many were asked for."""
    now = timezone.now()
    WebhookDelivery.objects.bulk_create(
        [
            WebhookDelivery(
                endpoint=endpoint,
                event=event.name,
                event_key=event.key,
                body=body_for(event, endpoint.format),
                available_at=now,
            )
            for endpoint in endpoints
        ],
        ignore_conflicts=True,  # the same event again: the first row stands
    )
    return len(endpoints)


def queue(ids: list[int]) -> bool:
    """Hand the deliveries to a worker now; False (and logged) when the broker refuses."""
    from api.tasks import deliver_webhooks

    if not ids:
        return True
    try:
        deliver_webhooks.delay(list(ids))
    except Exception:
        logger.exception(
            "The broker refused %s webhook deliveries; the sweep will send them", len(ids)
        )
        return False
    return True


def queue_on_commit(ids: list[int]) -> None:
    """`delay_on_commit`, but a broker error after the commit is logged, not raised into the
    request whose work has already committed (the rows stay pending for the sweep)."""
    if ids:
        transaction.on_commit(partial(queue, list(ids)), robust=True)
