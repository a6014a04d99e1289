"""People's profiles pages: a person's profile, their choice of what it shows, and the
statistics of a season or an event."""

from django.urls import path

from people.views import profiles, statistics

urlpatterns: list = [
    path("players/<int:pk>/", profiles.profile, name="profile"),
    path("me/", profiles.my_profile, name="my_profile"),
    path(
        "seasons/<int:season_id>/statistics/",
        statistics.season_statistics,
        name="season_statistics",
    ),
    path("events/<slug:slug>/statistics/", statistics.event_statistics, name="event_statistics"),
]
