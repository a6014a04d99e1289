"""The API's routes: /api/v1/ (the schema at /api/v1/openapi.json, the viewer at
/api/v1/docs), and the pages for tokens, webhooks and embeds (namespace "api")."""

from django.urls import path

from api.embeds import staff as embed_staff
from api.tokens import views as token_views
from api.v1 import api
from api.webhooks.urls import urlpatterns as webhook_urlpatterns

app_name = "api"

# Each part appends its pages here (tokens, webhooks, embeds).
urlpatterns: list = []
urlpatterns += [
    path("tokens/", token_views.tokens, name="tokens"),
    path("tokens/<int:pk>/revoke/", token_views.token_revoke, name="token_revoke"),
]
urlpatterns += [
    path("leagues/<slug:league>/embeds/", embed_staff.league_embeds, name="league_embeds"),
    path("events/<slug:slug>/embeds/", embed_staff.event_embeds, name="event_embeds"),
]

urlpatterns += webhook_urlpatterns  # leagues/<slug>/webhooks/…, events/<slug>/webhooks/…

v1_urlpatterns = [path("v1/", api.urls)]
