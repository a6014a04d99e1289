"""Who may run a season ladder: its director, or a site administrator.

Creating one takes an organiser or anyone who directs an event (a ladder is a director's
series of their own events); each event added or invited into is asked for separately.
"""

from typing import Any

from accounts.permissions import (
    can_run_tournament,
    directed_tournament_ids,
    is_organiser,
    is_site_admin,
)


def can_create_series(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return is_organiser(user) or bool(directed_tournament_ids(user))


def can_run_series(user: Any, series: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return is_site_admin(user) or series.director_id == user.pk


def can_use_event(user: Any, tournament: Any) -> bool:
    """An event goes into a ladder (or receives its top players) only from its director."""
    return getattr(user, "is_authenticated", False) and can_run_tournament(user, tournament)
