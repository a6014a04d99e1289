from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("leagues/", include("league.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("scoring/", include("scoring.urls")),
    path("notices/", include("notices.urls")),
    path("", include("home.urls")),
    path("", include("accounts.urls")),
]

handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
