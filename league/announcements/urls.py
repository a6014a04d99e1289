"""The league's notice pages, served under /notices/ in the "notices" namespace.

config/urls.py puts these next to the outbox's own routes (`notices.urls`), so
their paths and names are what they always were: they sit in sent emails.
"""

from django.urls import path

from league.announcements import views, welcome
from league.announcements.feeds import LeagueAnnouncementsFeed

staff = [
    path("compose/", views.compose, name="compose"),
]
player = [
    path("subscriptions/", views.subscriptions, name="subscriptions"),
    path("leagues/<slug:slug>/subscribe/", views.subscribe, name="subscribe"),
    path("kinds/", views.notice_kinds, name="notice_kinds"),
]
public = [
    path("leagues/<slug:slug>/", views.announcements, name="announcements"),
    path("leagues/<slug:slug>/feed/", LeagueAnnouncementsFeed(), name="league_feed"),
]

urlpatterns = [*staff, *player, *public]

# Served under /leagues/ in the "league" namespace (league/urls.py): where a player lands
# after accepting an invitation to a team.
league_player_by_id = [
    path("teams/<int:pk>/welcome/", welcome.team_welcome, name="team_welcome"),
]
