"""The api webhooks part's rows of the permission matrix (merged into permission_matrix.MATRIX),
and the rows of the test world they need (made on first use).

League A's webhooks are its managers' (another league's manager is nobody there), event
T's its directors' (not its scorekeepers, not another event's director)."""

from tests.config.permission_entries import DIRECTOR, MANAGER, NA, Entry, _event, _league
from tests.config.permission_world import World


def _hook(owner: dict) -> object:
    from django.utils import timezone

    from api.models import WebhookDelivery, WebhookEndpoint

    endpoint, _ = WebhookEndpoint.objects.get_or_create(
        **owner,
        url="https://hooks.example.org/matrix",
        defaults={"events": ["card_confirmed"], "secret": "whsec_matrix"},
    )
    WebhookDelivery.objects.get_or_create(
        endpoint=endpoint,
        event_key="ping:matrix",
        defaults={
            "event": "ping",
            "body": "{}",
            "status": "failed",
            "attempts": 6,
            "available_at": timezone.now(),
        },
    )
    return endpoint


def _league_hook(w: World) -> dict:
    return {**_league(w), "pk": _hook({"league": w.league}).pk}


def _event_hook(w: World) -> dict:
    return {**_event(w), "pk": _hook({"tournament": w.tournament}).pk}


def _delivery(base):  # type: ignore[no-untyped-def]
    def kwargs(w: World) -> dict:
        found = base(w)
        from api.models import WebhookDelivery

        found["delivery"] = WebhookDelivery.objects.get(endpoint_id=found["pk"]).pk
        return found

    return kwargs


def _action(base, action: str):  # type: ignore[no-untyped-def]
    return lambda w: {**base(w), "action": action}


MATRIX: dict[str, Entry] = {
    "api:league_webhooks": Entry(_league, MANAGER, MANAGER),
    "api:league_webhook": Entry(_league_hook, MANAGER, MANAGER),
    "api:league_webhook_action": Entry(_action(_league_hook, "test"), NA, MANAGER),
    "api:league_webhook_retry": Entry(_delivery(_league_hook), NA, MANAGER),
    "api:event_webhooks": Entry(_event, DIRECTOR, DIRECTOR),
    "api:event_webhook": Entry(_event_hook, DIRECTOR, DIRECTOR),
    "api:event_webhook_action": Entry(_action(_event_hook, "rotate"), NA, DIRECTOR),
    "api:event_webhook_retry": Entry(_delivery(_event_hook), NA, DIRECTOR),
}
