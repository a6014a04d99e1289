"""The availability card on the season dashboard."""

from django import template

from league.seasons.models import Season

register = template.Library()


@register.inclusion_tag("league/availability/_dashboard_card.html")
def availability_card(season: Season) -> dict:
    """The manager's availability card (filled by the availability part)."""
    return {"season": season}
