"""What notices learns from the apps above it, registered from their `AppConfig.ready()`.

notices knows no app above it (the league, tournaments); an app that sends notices tells it:

- `register_outbox_scope`: a way to narrow the outbox to one of its objects (the
  league offers "League"), shown as a filter on the outbox page;
- `register_preferences_url`: the page where people choose what they receive,
  linked at the foot of every email;
- `register_reply_handler`: what a reply to one of its texts does ("YES 4821" confirms
  the card the text was about), named by the `ReplyOffer` the app passes to `notice_send`.

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


@dataclass(frozen=True)
class ReplyHandler:
    """What replies to an app's texts may say and do.

    `prompt` is added to each text, with `{code}` replaced by that text's code. `answer` is
    called inside the transaction with the offer's `target`, the player the text went to,
    the reply's first word (one of `words`) and the rest of the reply; it acts through the
    app's own services and returns what to text back. A refusal raises ValidationError or
    PermissionDenied, whose message is texted back and nothing is written.
    """

    name: str
    words: tuple[str, ...]  # upper case: ("YES", "DISPUTE")
    prompt: str  # "Reply YES {code} to confirm or DISPUTE {code} and a reason."
    answer: Callable[..., str]  # (*, target, player_id, word, text) -> reply


_reply_handlers: dict[str, ReplyHandler] = {}


def register_reply_handler(handler: ReplyHandler) -> None:
    _reply_handlers[handler.name] = handler


def reply_handler(name: str) -> ReplyHandler | None:
    return _reply_handlers.get(name)
