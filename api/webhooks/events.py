"""The events a webhook may subscribe to, and the bodies each endpoint's format gets.

A body is built once, when the delivery is written, and stored: what is signed and sent,
on every try, is exactly those bytes. JSON bodies are
`{"event", "id", "occurred_at", "league" | "tournament", "data"}`; Discord's and Slack's
incoming webhooks take `{"content", "embeds"}` and `{"text"}`.
"""

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

CARD_CONFIRMED = "card_confirmed"
STANDINGS_PUBLISHED = "standings_published"
NIGHT_CANCELLED = "night_cancelled"
SCHEDULE_CHANGED = "schedule_changed"
ROUND_STARTED = "round_started"
EVENT_FINISHED = "event_finished"
REGISTRATION_RECEIVED = "registration_received"
PING = "ping"  # the "Send a test" button's; every endpoint gets it, none subscribes to it

LABELS = {
    CARD_CONFIRMED: "Card confirmed",
    STANDINGS_PUBLISHED: "Standings published",
    NIGHT_CANCELLED: "Night cancelled",
    SCHEDULE_CHANGED: "Schedule changed",
    ROUND_STARTED: "Round started",
    EVENT_FINISHED: "Event finished",
    REGISTRATION_RECEIVED: "Registration received",
}
LEAGUE_EVENTS = [
    CARD_CONFIRMED,
    STANDINGS_PUBLISHED,
    NIGHT_CANCELLED,
    SCHEDULE_CHANGED,
    REGISTRATION_RECEIVED,
]
TOURNAMENT_EVENTS = [CARD_CONFIRMED, ROUND_STARTED, EVENT_FINISHED, REGISTRATION_RECEIVED]


def events_for(scope_kind: str) -> list[str]:
    """What a league's (scope "league") or an event's ("tournament") endpoint may choose."""
    return LEAGUE_EVENTS if scope_kind == "league" else TOURNAMENT_EVENTS


@dataclass(frozen=True)
class Event:
    """Something that happened, as every endpoint subscribed to it will hear it."""

    name: str
    key: str  # stable: the same happening always makes the same key (one delivery)
    occurred_at: datetime
    scope_kind: str  # "league" or "tournament"
    scope_id: int
    scope: dict[str, Any]  # {"slug", "name", "url"}
    summary: str  # one line, for chat formats
    data: dict[str, Any] = field(default_factory=dict)
    url: str = ""  # the page it is about


def _dump(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=True, default=str)


def body_for(event: Event, fmt: str) -> str:
    """The exact text an endpoint of format `fmt` ("json", "discord", "slack") receives."""
    line = f"{event.scope['name']}: {event.summary}"
    if fmt == "slack":
        return _dump({"text": f"{line} <{event.url}>" if event.url else line})
    if fmt == "discord":
        embed: dict[str, Any] = {
            "title": LABELS.get(event.name, "Test"),
            "description": event.summary,
            "timestamp": event.occurred_at.isoformat(),
            "footer": {"text": event.scope["name"]},
        }
        if event.url:
            embed["url"] = event.url
        return _dump({"content": line, "embeds": [embed]})
    return _dump(
        {
            "event": event.name,
            "id": event.key,
            "occurred_at": event.occurred_at.isoformat(),
            event.scope_kind: event.scope,
            "data": event.data,
        }
    )
