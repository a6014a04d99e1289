"""Staff's writes on their webhooks: add, change, enable or disable, delete, rotate the
secret, send a test, retry a delivery. Each checks, again here, that `by` runs the
league (its managers) or the event (its directors) the endpoint belongs to.
"""

import secrets
import uuid
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.permissions import can_manage_league, can_run_tournament
from api.models import WebhookDelivery, WebhookEndpoint
from api.webhooks import events as ev
from api.webhooks.events import Event
from api.webhooks.outbox import deliveries_write, queue_on_commit
from api.webhooks.producers import league_scope, tournament_scope
from api.webhooks.urls_check import UrlRefused, check_url
from league.seasons.models import League

ENDPOINTS_MAX = 10  # per league or event: each event fans out to every one
Status = WebhookDelivery.Status


def new_secret() -> str:
    return "whsec_" + secrets.token_hex(24)


def may_manage(user: Any, owner: Any) -> bool:
    """Whether `user` runs `owner`, a league or a tournament."""
    if isinstance(owner, League):
        return can_manage_league(user, owner)
    return can_run_tournament(user, owner)


def _owner(endpoint: WebhookEndpoint) -> Any:
    return endpoint.league if endpoint.league_id is not None else endpoint.tournament


def _require(user: Any, owner: Any) -> None:
    if not may_manage(user, owner):
        raise PermissionDenied("Only this league's managers or this event's directors can do that.")


def _scope_kind(owner: Any) -> str:
    return "league" if isinstance(owner, League) else "tournament"


def _events_clean(owner: Any, chosen: list[str]) -> list[str]:
    allowed = ev.events_for(_scope_kind(owner))
    unknown = [name for name in chosen if name not in allowed]
    if unknown or not chosen:
        raise ValidationError("Choose at least one of the events listed.")
    return [name for name in allowed if name in chosen]  # in the listed order, once each


def _format_clean(fmt: str) -> str:
    if fmt not in WebhookEndpoint.Format.values:
        raise ValidationError("Choose JSON, Discord or Slack.")
    return fmt


@transaction.atomic
def endpoint_create(
    *, by: Any, owner: Any, url: str, events: list[str], fmt: str, request_host: str = ""
) -> WebhookEndpoint:
    """A new endpoint with a fresh secret (shown to its creator once, by the page)."""
    _require(by, owner)
    try:
        check_url(url, request_host=request_host)
    except UrlRefused as refused:
        raise ValidationError(str(refused)) from None
    kind = _scope_kind(owner)
    existing = WebhookEndpoint.objects.select_for_update().filter(**{kind: owner})
    if len(existing) >= ENDPOINTS_MAX:
        raise ValidationError(f"At most {ENDPOINTS_MAX} webhooks: delete one first.")
    return WebhookEndpoint.objects.create(
        **{kind: owner},
        url=url.strip(),
        events=_events_clean(owner, events),
        format=_format_clean(fmt),
        secret=new_secret(),
        created_by=by,
    )


@transaction.atomic
def endpoint_update(
    *, by: Any, endpoint: WebhookEndpoint, events: list[str], fmt: str
) -> WebhookEndpoint:
    owner = _owner(endpoint)
    _require(by, owner)
    endpoint.events = _events_clean(owner, events)
    endpoint.format = _format_clean(fmt)
    endpoint.save(update_fields=["events", "format"])
    return endpoint


@transaction.atomic
def endpoint_rotate_secret(*, by: Any, endpoint: WebhookEndpoint) -> WebhookEndpoint:
    """A new secret: deliveries signed from now on use it (a try already under way may not)."""
    _require(by, _owner(endpoint))
    endpoint.secret = new_secret()
    endpoint.save(update_fields=["secret"])
    return endpoint


@transaction.atomic
def endpoint_set_active(*, by: Any, endpoint: WebhookEndpoint, active: bool) -> WebhookEndpoint:
    """Disable (deliveries wait) or enable (the count of failures starts again, and what
    waited is sent)."""
    _require(by, _owner(endpoint))
    if active:
        endpoint.active, endpoint.failures, endpoint.disabled_at = True, 0, None
    else:
        endpoint.active, endpoint.disabled_at = False, timezone.now()
    endpoint.save(update_fields=["active", "failures", "disabled_at"])
    if active:
        due = endpoint.deliveries.filter(status=Status.PENDING, available_at__lte=timezone.now())
        queue_on_commit(list(due.values_list("pk", flat=True)))
    return endpoint


@transaction.atomic
def endpoint_delete(*, by: Any, endpoint: WebhookEndpoint) -> None:
    _require(by, _owner(endpoint))
    endpoint.delete()


@transaction.atomic
def endpoint_ping(*, by: Any, endpoint: WebhookEndpoint) -> WebhookDelivery:
    """The "Send a test" button: a `ping` delivery, signed and sent like any other."""
    owner = _owner(endpoint)
    _require(by, owner)
    if not endpoint.active:
        raise ValidationError("Enable the webhook before sending a test.")
    kind = _scope_kind(owner)
    scope = league_scope(owner) if kind == "league" else tournament_scope(owner)
    event = Event(
        name=ev.PING,
        key=f"ping:{uuid.uuid4().hex}",
        occurred_at=timezone.now(),
        scope_kind=kind,
        scope_id=owner.pk,
        scope=scope,
        summary="A test from the webhooks page: this endpoint is connected.",
        url=scope["url"],
        data={"message": "A test delivery. Nothing happened."},
    )
    ids = deliveries_write(event, [endpoint])
    return WebhookDelivery.objects.get(pk=ids[0])


@transaction.atomic
def delivery_retry(*, by: Any, delivery: WebhookDelivery) -> WebhookDelivery:
    """ "Retry now": a waiting or given-up delivery is due at once (one more try if it had
    used them all)."""
    endpoint = delivery.endpoint
    _require(by, _owner(endpoint))
    if not endpoint.active:
        raise ValidationError("Enable the webhook before retrying its deliveries.")
    changed = WebhookDelivery.objects.filter(
        pk=delivery.pk, status__in=[Status.PENDING, Status.FAILED]
    ).update(status=Status.PENDING, available_at=timezone.now(), claim_token=None)
    if not changed:
        raise ValidationError("That delivery is being sent or was delivered already.")
    queue_on_commit([delivery.pk])
    delivery.refresh_from_db()
    return delivery
