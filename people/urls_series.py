"""People's series pages: the public ladder and its CSV, the director's ladder pages."""

from django.urls import path

from people.views import series

urlpatterns: list = [
    path("series/", series.series_list, name="series_list"),
    path("series/<slug:slug>/", series.ladder, name="ladder"),
    path("series/<slug:slug>/ladder.csv", series.ladder_csv, name="ladder_csv"),
    path("series/<slug:slug>/edit/", series.series_edit, name="series_edit"),
    path("series/<slug:slug>/invite/", series.series_invite, name="series_invite"),
]
