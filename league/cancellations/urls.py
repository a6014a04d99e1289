"""Cancelling play and deciding what follows: managers only."""

from django.urls import path

from league.cancellations import views
from league.seasons.urls import SEASON

staff_by_slug = [
    path(SEASON + "manage/cancel/", views.cancel_play, name="cancel_play"),
    path(SEASON + "manage/cancel/fixtures/", views.cancel_fixtures, name="cancel_fixtures"),
    path(
        SEASON + "manage/cancellations/<int:pk>/",
        views.cancellation_detail,
        name="cancellation_detail",
    ),
    path(
        SEASON + "manage/cancellations/<int:pk>/decide/",
        views.cancellation_decide,
        name="cancellation_decide",
    ),
]
