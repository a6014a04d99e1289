"""`{% league_announcements league %}`: the latest announcements, for a league's own page.
`{% notice_kinds_form %}`: the signed-in player's email, text or both for each kind of notice
(the account page, a team's welcome page); it posts to `notices:notice_kinds` and comes back.
"""

from django import template

from accounts.permissions import player_id_for
from league.announcements.forms import NoticeKindsForm
from league.announcements.selectors import (
    announcements_for_league,
    notice_choices,
    player_can_text,
)
from league.seasons.models import League, Player

register = template.Library()


@register.inclusion_tag("notices/_latest_announcements.html")
def league_announcements(league: League, count: int = 3) -> dict:
    return {"league": league, "announcements": list(announcements_for_league(league)[:count])}


@register.inclusion_tag("notices/_notice_kinds_form.html", takes_context=True)
def notice_kinds_form(context: template.Context) -> dict:
    request = context["request"]
    player_id = player_id_for(request.user)
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    if player is None:
        return {"form": None}
    return {
        "form": NoticeKindsForm(initial=notice_choices(player)),
        "can_text": player_can_text(player),
        "next": request.get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }
