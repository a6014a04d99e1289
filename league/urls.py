from django.urls import path

from league import views

app_name = "league"
urlpatterns = [
    path("", views.league_list, name="league_list"),
    path("<slug:slug>/", views.league_detail, name="league_detail"),
]
