"""The deliveries a process died before writing, written again from what did commit.

The hooks (`api.webhooks.producers`) write an event's deliveries right after the action's
transaction commits, so a web process killed between the two (a deploy, the OOM killer, a
lost host) leaves the action done and its webhooks unsent. Every action the hooks hear
leaves a committed trace of its own, though: an activity entry in its league's or event's
log, a confirmed card version with its time, an event's finish time. Once a minute the
sweep (`api.tasks.sweep_webhooks`) reads those traces for the last `LOOK_BACK` in every
league and event with an active endpoint and writes the deliveries that are missing, as
the hook would have: the same event, the same key, the same endpoints. A delivery already
written is found by its (endpoint, event key) and left alone, so the hook and the sweep
together make one row per endpoint and event whichever ran.

What is younger than `SETTLE` is left to the hook (still running, most likely); what is
older than `LOOK_BACK` is not looked for (the sweep itself stopped that long). An endpoint
hears nothing from before it was registered.
"""

import datetime
from collections import defaultdict
from collections.abc import Iterator

from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from activity.models import Activity, Verb
from api.models import WebhookDelivery, WebhookEndpoint
from api.webhooks.events import Event
from api.webhooks.outbox import delivery_rows_write
from api.webhooks.producers import ACTIVITY_VERBS, activity_event, card_event, finished_event
from scoring.models import Game, ScorecardVersion
from tournaments.models import Tournament

LOOK_BACK = datetime.timedelta(minutes=15)
SETTLE = datetime.timedelta(minutes=1)
CARD_VERBS = (Verb.CARD_CONFIRMED, Verb.CARD_SETTLED, Verb.CARD_CORRECTED)

Scope = tuple[str, int]  # ("league" | "tournament", its id)


def missing_deliveries_write(now: datetime.datetime | None = None) -> int:
    """Write the deliveries the hooks missed in the window; how many rows were written.
    They are left pending for the sweep to hand over."""
    now = now or timezone.now()
    until, written = now - SETTLE, 0
    for scope, endpoints in _listening_scopes().items():
        since = max(now - LOOK_BACK, min(endpoint.created_at for endpoint in endpoints))
        if since >= until:
            continue
        have = set(
            WebhookDelivery.objects.filter(
                endpoint__in=endpoints, created_at__gte=since - SETTLE
            ).values_list("endpoint_id", "event_key")
        )
        for event in _events(scope, since, until, have, endpoints):
            due = [
                endpoint
                for endpoint in endpoints
                if event.name in (endpoint.events or [])
                and endpoint.created_at <= event.occurred_at
                and (endpoint.pk, event.key) not in have
            ]
            if due:
                written += delivery_rows_write(event, due)
    return written


def _listening_scopes() -> dict[Scope, list[WebhookEndpoint]]:
    scopes: dict[Scope, list[WebhookEndpoint]] = defaultdict(list)
    for endpoint in WebhookEndpoint.objects.filter(active=True).order_by("pk"):
        if endpoint.league_id is not None:
            scopes[("league", endpoint.league_id)].append(endpoint)
        elif endpoint.tournament_id is not None:
            scopes[("tournament", endpoint.tournament_id)].append(endpoint)
    return scopes


def _events(
    scope: Scope,
    since: datetime.datetime,
    until: datetime.datetime,
    have: set[tuple[int, str]],
    endpoints: list[WebhookEndpoint],
) -> Iterator[Event]:
    """The scope's events in the window; a card's or a finish's key is known without
    building it, so those every endpoint already has are not built again."""
    kind, scope_id = scope
    entries = Activity.objects.filter(
        scope_kind=kind, scope_id=scope_id, at__gte=since, at__lt=until
    ).order_by("at", "pk")
    for activity_id in entries.filter(verb__in=ACTIVITY_VERBS).values_list("pk", flat=True):
        event = activity_event(activity_id)
        if event is not None:
            yield event

    def known(key: str) -> bool:
        return all((endpoint.pk, key) in have for endpoint in endpoints)

    game_type = ContentType.objects.get_for_model(Game)
    games = entries.filter(verb__in=CARD_VERBS, content_type=game_type).values("object_id")
    versions = ScorecardVersion.objects.filter(
        scorecard__game_id__in=games, confirmed_at__gte=since, confirmed_at__lt=until
    ).select_related("scorecard__game__ns_team", "scorecard__game__ew_team")
    for version in versions.order_by("confirmed_at", "pk"):
        game = version.scorecard.game
        if not known(f"card_confirmed:game:{game.pk}:v{version.number}"):
            event = card_event(game, version)
            if event is not None:
                yield event
    if kind == "tournament" and not known(f"event_finished:tournament:{scope_id}"):
        finished = Tournament.objects.filter(
            pk=scope_id, finished_at__gte=since, finished_at__lt=until
        )
        if finished.exists():
            event = finished_event(scope_id)
            if event is not None:
                yield event
