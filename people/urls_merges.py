"""People's merges pages: the staff review of duplicates, and an event's typed names."""

from django.urls import path, re_path

from people.views import merges

urlpatterns: list = [
    path("merges/", merges.merges, name="merges"),
    # A bounded id: a typed 30-digit number is a 404, not a database error.
    re_path(r"^merges/(?P<pk>[0-9]{1,9})/undo/$", merges.merge_undo, name="merge_undo"),
    path("events/<slug:slug>/matches/", merges.event_matches, name="entry_matches"),
]
