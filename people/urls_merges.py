"""People's merges pages."""

urlpatterns: list = []
