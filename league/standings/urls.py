"""Standings: the public table (managers also see it live) and publishing a week."""

from django.urls import path

from league.seasons.urls import SEASON
from league.standings import views

public_by_slug = [
    path(SEASON + "standings/", views.season_standings, name="season_standings"),
]
staff_by_slug = [
    path(
        SEASON + "manage/standings/publish/",
        views.standings_publish_view,
        name="standings_publish",
    ),
]
