"""The availability card on the season dashboard."""

from django import template

from league.availability.selectors import AHEAD_DAYS, short_fixtures
from league.seasons.models import Season

register = template.Library()

SHOWN = 5  # the card lists the soonest; the page has them all


@register.inclusion_tag("league/availability/_dashboard_card.html")
def availability_card(season: Season) -> dict:
    """Short-handed fixtures of the next days: a team expects fewer players than it needs."""
    shortfalls = short_fixtures(season=season)
    return {
        "season": season,
        "shortfalls": shortfalls[:SHOWN],
        "more": max(0, len(shortfalls) - SHOWN),
        "count": len(shortfalls),
        "days": AHEAD_DAYS,
    }
