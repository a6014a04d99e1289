"""Template helpers for league nights shown on existing league pages (team page, dashboard)."""

from django import template

from league.nights.selectors.forfeits import team_forfeits
from league.seasons.models import Team

register = template.Library()


@register.inclusion_tag("league/nights/_team_forfeits.html")
def team_forfeit_record(team: Team) -> dict:
    """The team's forfeits this season, what they cost, and its playoff decision."""
    return {"record": team_forfeits(team), "season": team.season}
