"""The embed pages, under /embed/ (namespace "embed"): for a club's own site to frame."""

from django.urls import path

from api.embeds import views

app_name = "embed"

urlpatterns = [
    path("leagues/<slug:league>/<slug:season>/standings/", views.standings, name="standings"),
    path("leagues/<slug:league>/<slug:season>/schedule/", views.schedule, name="schedule"),
    path("tournaments/<slug:slug>/leaderboard/", views.leaderboard, name="leaderboard"),
]
