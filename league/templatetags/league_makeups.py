"""The makeups card on the season dashboard."""

from django import template

from league.seasons.models import Season

register = template.Library()


@register.inclusion_tag("league/makeups/_dashboard_card.html")
def makeups_card(season: Season) -> dict:
    """The manager's makeups card (filled by the makeups part)."""
    return {"season": season}
