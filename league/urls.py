"""The league's routes, gathered from each capability.

Routes addressed by id ("fixtures/<pk>/", "teams/<pk>/") come before those addressed by a
league's and season's slugs, which would otherwise swallow them. Paths never change: they
live in sent emails, subscribed calendars and bookmarks.
"""

from league.announcements import urls as announcements
from league.availability import urls as availability
from league.cancellations import urls as cancellations
from league.nights import urls as nights
from league.playoffs import urls as playoffs
from league.seasons import urls as seasons
from league.standings import urls as standings
from league.subs import urls as subs

app_name = "league"

urlpatterns = [
    *seasons.public_by_id,
    *seasons.captain_by_id,
    *announcements.league_player_by_id,
    *seasons.staff_by_id,
    *nights.public_by_id,
    *nights.captain_by_id,
    *nights.staff_by_id,
    *availability.public_by_id,
    *availability.player_by_id,
    *availability.captain_by_id,
    *subs.public_by_id,
    *subs.player_by_id,
    *subs.captain_by_id,
    *playoffs.staff_by_id,
    *seasons.staff_by_league,
    *seasons.public_by_slug,
    *seasons.captain_by_slug,
    *seasons.staff_by_slug,
    *nights.public_by_slug,
    *nights.staff_by_slug,
    *standings.public_by_slug,
    *standings.staff_by_slug,
    *playoffs.public_by_slug,
    *playoffs.staff_by_slug,
    *cancellations.staff_by_slug,
    *availability.public_by_slug,
    *availability.staff_by_slug,
    *subs.public_by_slug,
    *subs.staff_by_slug,
]
