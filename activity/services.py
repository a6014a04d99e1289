"""Writing the activity log: one INSERT, inside the caller's transaction.

Call `activity_record` from a service after its checks have passed and next to the writes
it describes: when the service's transaction rolls back (a refusal, a constraint, an error
after the call) the entry goes with it, and when it commits the entry is there.
"""

from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from activity.models import DETAIL_MAX, LABEL_MAX, Activity, Scope, Verb


def _clip(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _actor(user: Any) -> Any:
    """A signed-in user, or None (the system, a task, an anonymous request)."""
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def activity_record(
    *,
    actor: Any,
    verb: str,
    target: models.Model,
    scope_kind: str,
    scope_id: int | None,
    detail: str = "",
    label: str | None = None,
) -> Activity:
    """Log that `actor` did `verb` to `target`, in the league or tournament `scope_id`.

    `label` defaults to `str(target)`; `detail` is a short line (a reason, the scores,
    before → after) and is clipped to fit. `scope_kind` "site" takes no `scope_id`.
    """
    if verb not in Verb.values:
        raise ValueError(f"Unknown activity verb {verb!r}.")
    if scope_kind not in Scope.values:
        raise ValueError(f"Unknown activity scope {scope_kind!r}.")
    if (scope_kind == Scope.SITE) != (scope_id is None):
        raise ValueError("A league or tournament scope needs its id; the site scope takes none.")
    if target.pk is None:
        raise ValueError("Save the target before logging activity on it.")
    user = _actor(actor)
    return Activity.objects.create(
        actor=user,
        actor_label=user.get_username() if user is not None else "",
        verb=verb,
        content_type=ContentType.objects.get_for_model(target),
        object_id=target.pk,
        target_label=_clip(label if label is not None else str(target), LABEL_MAX) or "—",
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=_clip(detail, DETAIL_MAX),
    )
