"""Telling an endpoint's creator that it was disabled: a general notice by email, and
the banner on the webhooks page (which shows `disabled_at`)."""

from api.models import WebhookEndpoint
from api.webhooks.paths import page_path
from notices.addresses import Recipient
from notices.models import Notice
from notices.services import notice_send


def endpoint_disabled_notify(endpoint_id: int) -> Notice | None:
    endpoint = (
        WebhookEndpoint.objects.select_related("created_by", "league", "tournament")
        .filter(pk=endpoint_id)
        .first()
    )
    if endpoint is None or endpoint.created_by is None or not endpoint.created_by.email:
        return None
    user = endpoint.created_by
    owner = endpoint.league or endpoint.tournament
    stamp = int(endpoint.disabled_at.timestamp()) if endpoint.disabled_at else 0
    return notice_send(
        kind=Notice.Kind.GENERAL,
        subject=f"Webhook disabled: {owner.name}",
        body=(
            f"The webhook to {endpoint.url} failed {endpoint.failures} times in a row and "
            "has been disabled. Its waiting deliveries are kept: fix the receiver, then "
            "enable it again on the webhooks page."
        ),
        recipients=[Recipient(name=user.get_full_name() or user.get_username(), email=user.email)],
        link=page_path(endpoint),
        key=f"webhook_disabled:{endpoint.pk}:{stamp}",
    )
