"""Cancellation cards for the season dashboard and the public season page."""

from django import template

from league.cancellations import selectors as reads
from league.seasons.models import Season

register = template.Library()


@register.inclusion_tag("league/cancellations/_dashboard_card.html")
def cancellations_card(season: Season) -> dict:
    """The manager's list of the season's cancellations with what was decided (one query)."""
    return {"season": season, "cancellations": list(reads.cancellation_summaries(season))}


@register.inclusion_tag("league/cancellations/_season_cancelled.html")
def cancelled_play(season: Season) -> dict:
    """Public: each cancelled night with its fixtures and where they went (two queries)."""
    return {"season": season, "cancellations": list(reads.cancellations_for_season(season))}
