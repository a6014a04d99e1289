from django.contrib import admin
from django.urls import include, path

from api import urls as api_urls
from config.favicon import favicon
from config.health import healthz
from league.announcements import urls as announcement_urls
from notices import urls as notice_urls
from scoring.views.offline import service_worker

# /notices/ holds the outbox (notices) and the league's notice pages (announcements,
# feeds, subscriptions, composing), all in the "notices" namespace as they always were.
notices_routes = [*notice_urls.urlpatterns, *announcement_urls.urlpatterns]

urlpatterns = [
    path("admin/", admin.site.urls),
    # At the root, so the worker's scope covers every page embedding the entry component.
    path("sw.js", service_worker, name="service_worker"),
    path("favicon.ico", favicon, name="favicon"),  # the icon browsers ask for by themselves
    path("healthz", healthz, name="healthz"),  # the load balancer's probe (config/health.py)
    path("leagues/", include("league.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("scoring/", include("scoring.urls")),
    path("notices/", include((notices_routes, "notices"))),
    path("people/", include("people.urls")),
    path("money/", include("money.urls")),
    path("api/", include(api_urls.v1_urlpatterns)),
    path("api/", include("api.urls")),
    path("embed/", include("api.embeds.urls")),
    path("", include("home.urls")),
    path("", include("accounts.urls")),
]

handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
