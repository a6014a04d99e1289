"""What notices learns from the apps above it, registered from their `AppConfig.ready()`.

notices knows no app above it (the league, tournaments); an app that sends notices tells it:

- `register_outbox_scope`: a way to narrow the outbox to one of its objects (the
  league offers "League"), shown as a filter on the outbox page;
- `register_preferences_url`: the page where people choose what they receive,
  linked at the foot of every email.

Registering the same thing again replaces it, so `ready()` may run twice.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet


@dataclass(frozen=True)
class OutboxScope:
    """A filter of the outbox: `?<name>=<pk>` keeps the notices `notices(obj)` matches."""

    name: str  # the query parameter and form field, e.g. "league"
    label: str  # "League"
    empty_label: str  # "Any league"
    choices: Callable[[], QuerySet]  # the objects offered, asked on every request
    notices: Callable[[Any], Q]  # a filter on Notice for the chosen object


_scopes: dict[str, OutboxScope] = {}
_preferences_url = ""


def register_outbox_scope(scope: OutboxScope) -> None:
    _scopes[scope.name] = scope


def outbox_scopes() -> list[OutboxScope]:
    return list(_scopes.values())


def register_preferences_url(url_name: str) -> None:
    """The URL name (e.g. "notices:subscriptions") of the page to choose one's notices."""
    global _preferences_url
    _preferences_url = url_name


def preferences_url() -> str:
    """The registered URL name, or "" when no app has one."""
    return _preferences_url
