"""The subs card on the season dashboard: open requests, teams at their limit, the list."""

from typing import Any

from django import template

from league.seasons.models import Season
from league.subs import selectors
from league.subs.models import SubRequest

register = template.Library()


@register.inclusion_tag("league/subs/_dashboard_card.html")
def subs_card(season: Season) -> dict:
    """The manager's subs card, in four queries."""
    use = selectors.team_sub_use(season)
    return {
        "season": season,
        "open": list(selectors.season_requests(season).filter(status=SubRequest.Status.OPEN)),
        "at_limit": [row for row in use if row.at_limit],
        "used": sum(row.used for row in use),
        "listed": selectors.season_volunteers(season).count(),
    }


@register.inclusion_tag("league/subs/_my_asks.html")
def sub_asks_for_me(user: Any) -> dict:
    """The start page's "a sub is wanted" list for a person on a sub list (one query)."""
    return {"asks": selectors.open_asks_for(user)}
