"""People's series pages."""

urlpatterns: list = []
