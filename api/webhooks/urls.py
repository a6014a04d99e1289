"""The webhooks pages (namespace "api", included by api/urls.py)."""

from django.urls import path

from api.webhooks import views

urlpatterns = []
# A league's slug is `league` (as in the league's other pages), an event's `slug`.
for name, base, kind in (
    ("league", "leagues/<slug:league>/webhooks/", "league"),
    ("event", "events/<slug:slug>/webhooks/", "tournament"),
):
    scope = {"kind": kind}
    urlpatterns += [
        path(base, views.webhook_list, scope, name=f"{name}_webhooks"),
        path(f"{base}<int:pk>/", views.webhook_detail, scope, name=f"{name}_webhook"),
        path(
            f"{base}<int:pk>/<slug:action>/",
            views.webhook_action,
            scope,
            name=f"{name}_webhook_action",
        ),
        path(
            f"{base}<int:pk>/deliveries/<int:delivery>/retry/",
            views.webhook_retry,
            scope,
            name=f"{name}_webhook_retry",
        ),
    ]
