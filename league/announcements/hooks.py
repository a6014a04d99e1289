"""What the league tells `notices` at start-up (called from `LeagueConfig.ready`)."""

from django.db.models import Q

from league.seasons.models import League
from notices.registry import OutboxScope, register_outbox_scope, register_preferences_url


def _notices_of(league: League) -> Q:
    """A league's notices: those about one of its seasons, and those announced on its page."""
    return Q(season__league=league) | Q(announcement__league=league)


def register() -> None:
    register_outbox_scope(
        OutboxScope(
            name="league",
            label="League",
            empty_label="Any league",
            choices=lambda: League.objects.order_by("name"),
            notices=_notices_of,
        )
    )
    register_preferences_url("notices:subscriptions")
