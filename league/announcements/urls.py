"""The league's notice pages, served under /notices/ in the "notices" namespace.

config/urls.py puts these next to the outbox's own routes (`notices.urls`), so
their paths and names are what they always were: they sit in sent emails.
"""

from django.urls import path

from league.announcements import views
from league.announcements.feeds import LeagueAnnouncementsFeed

staff = [
    path("compose/", views.compose, name="compose"),
]
player = [
    path("subscriptions/", views.subscriptions, name="subscriptions"),
    path("leagues/<slug:slug>/subscribe/", views.subscribe, name="subscribe"),
]
public = [
    path("leagues/<slug:slug>/", views.announcements, name="announcements"),
    path("leagues/<slug:slug>/feed/", LeagueAnnouncementsFeed(), name="league_feed"),
]

urlpatterns = [*staff, *player, *public]
