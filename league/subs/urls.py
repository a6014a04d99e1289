"""The subs routes by audience (gathered in league.urls)."""

from django.urls import path

from league.subs import views

SEASON = "<slug:league>/<slug:season>/"

# The answer link: the token is the volunteer's ask, no sign-in needed.
public_by_id = [
    path("subs/answers/<str:token>/", views.sub_answer, name="sub_answer"),
]
player_by_id: list = []
captain_by_id = [
    path("fixtures/<int:pk>/teams/<int:team>/sub/", views.sub_request, name="sub_request"),
]
staff_by_slug = [
    path(SEASON + "manage/subs/", views.subs_manage, name="subs_manage"),
]
public_by_slug = [
    path(SEASON + "subs/", views.sub_volunteer, name="sub_volunteer"),
]
