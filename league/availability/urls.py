"""The availability routes by audience (gathered in league.urls)."""

from django.urls import path

from league.availability import views
from league.seasons.urls import SEASON

public_by_id = [
    # The reminder's link: the token proves who answers.
    path(
        "fixtures/<int:pk>/availability/<str:token>/",
        views.availability_link,
        name="availability_link",
    ),
]
player_by_id = [
    path("fixtures/<int:pk>/availability/", views.availability_answer, name="availability_answer"),
]
captain_by_id = [
    path("teams/<int:pk>/availability/", views.team_availability, name="team_availability"),
]
staff_by_slug = [
    path(SEASON + "manage/availability/", views.season_availability, name="season_availability"),
]
public_by_slug: list = []
