"""The makeups card on the season dashboard."""

from django import template

from league.nights.selectors.makeups import nights_needing_makeups
from league.seasons.models import Season

register = template.Library()


@register.inclusion_tag("league/makeups/_dashboard_card.html")
def makeups_card(season: Season) -> dict:
    """Upcoming nights where a forfeited-against team has no game yet (three queries; the
    card shows only when there is one)."""
    return {"season": season, "nights": nights_needing_makeups(season)}
