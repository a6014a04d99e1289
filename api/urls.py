"""The API's routes: /api/v1/ (the schema at /api/v1/openapi.json, the viewer at
/api/v1/docs), and the pages for tokens, webhooks and embeds (namespace "api")."""

from django.urls import path

from api.v1 import api

app_name = "api"

# Each part appends its pages here (tokens, webhooks, embeds).
urlpatterns: list = []

v1_urlpatterns = [path("v1/", api.urls)]
