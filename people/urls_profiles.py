"""People's profiles pages."""

urlpatterns: list = []
