"""Reads shared by league pages and tasks."""

from typing import Any

from django.db.models import Prefetch, QuerySet

from league.models import RosterEntry, Team


def teams_for_user(user: Any) -> QuerySet[Team]:
    """Active teams the user is on, with their rosters, newest season first."""
    if not user.is_authenticated:
        return Team.objects.none()
    return (
        Team.objects.filter(roster__player__user=user, status=Team.Status.ACTIVE)
        .select_related("season__league")
        .prefetch_related(Prefetch("roster", queryset=RosterEntry.objects.select_related("player")))
        .distinct()
        .order_by("-season__starts_on", "name")
    )
