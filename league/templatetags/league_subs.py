"""The subs card on the season dashboard."""

from django import template

from league.seasons.models import Season

register = template.Library()


@register.inclusion_tag("league/subs/_dashboard_card.html")
def subs_card(season: Season) -> dict:
    """The manager's subs card (filled by the subs part)."""
    return {"season": season}
