"""People's pages, in the "people" namespace; each part keeps its own routes."""

from people import urls_merges, urls_profiles, urls_series

app_name = "people"

urlpatterns = [*urls_profiles.urlpatterns, *urls_merges.urlpatterns, *urls_series.urlpatterns]
