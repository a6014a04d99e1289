"""Template helpers for league cards shown on other apps' pages."""

from django import template
from django.db.models import QuerySet
from django.urls import reverse

from league.seasons.models import Season
from league.web import site_address

register = template.Library()


@register.simple_tag
def recent_seasons(limit: int = 6) -> QuerySet[Season]:
    """The newest seasons across leagues, for the manage page's Leagues card."""
    return Season.objects.select_related("league").order_by("-starts_on", "-pk")[:limit]


@register.simple_tag(takes_context=True)
def webcal_url(context: template.Context, view_name: str, *args: object) -> str:
    """A calendar's subscribe link: the same address with `webcal://`, which a phone or a
    calendar app opens as a subscription that keeps itself up to date."""
    return f"webcal://{site_address(context['request'])}{reverse(view_name, args=args)}"
