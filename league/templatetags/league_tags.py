"""Template helpers for league cards shown on other apps' pages."""

from django import template
from django.db.models import QuerySet

from league.seasons.models import Season

register = template.Library()


@register.simple_tag
def recent_seasons(limit: int = 6) -> QuerySet[Season]:
    """The newest seasons across leagues, for the manage page's Leagues card."""
    return Season.objects.select_related("league").order_by("-starts_on", "-pk")[:limit]
