"""`{% league_announcements league %}`: the latest announcements, for a league's own page."""

from django import template

from league.announcements.selectors import announcements_for_league
from league.seasons.models import League

register = template.Library()


@register.inclusion_tag("notices/_latest_announcements.html")
def league_announcements(league: League, count: int = 3) -> dict:
    return {"league": league, "announcements": list(announcements_for_league(league)[:count])}
