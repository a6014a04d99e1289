"""Playoffs: the public bracket, and managers' seeding, round dates and awards."""

from django.urls import path

from league.playoffs import views
from league.seasons.urls import SEASON

staff_by_id = [
    path(
        "playoffs/<int:pk>/rounds/<int:number>/",
        views.playoff_round_date,
        name="playoff_round_date",
    ),
    path("playoffs/series/<int:pk>/award/", views.playoff_award, name="playoff_award"),
]
public_by_slug = [
    path(SEASON + "playoffs/", views.season_playoffs, name="season_playoffs"),
]
staff_by_slug = [
    path(SEASON + "manage/playoffs/", views.playoffs_manage, name="playoffs_manage"),
]
