"""What the webhooks pages read."""

from typing import Any

from django.db.models import QuerySet

from api.models import WebhookDelivery, WebhookEndpoint

LOG_SIZE = 50


def endpoints_of(owner: Any, kind: str) -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.filter(**{kind: owner}).select_related("created_by")


def delivery_log(endpoint: WebhookEndpoint) -> list[WebhookDelivery]:
    """The endpoint's last deliveries, newest first."""
    return list(endpoint.deliveries.defer("body").order_by("-created_at", "-pk")[:LOG_SIZE])
