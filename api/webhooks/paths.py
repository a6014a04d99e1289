"""Where an endpoint's pages are (for links in notices and redirects)."""

from django.urls import reverse

from api.models import WebhookEndpoint


def list_path(endpoint: WebhookEndpoint) -> str:
    if endpoint.league_id is not None:
        return reverse("api:league_webhooks", args=[endpoint.league.slug])
    return reverse("api:event_webhooks", args=[endpoint.tournament.slug])


def page_path(endpoint: WebhookEndpoint) -> str:
    if endpoint.league_id is not None:
        return reverse("api:league_webhook", args=[endpoint.league.slug, endpoint.pk])
    return reverse("api:event_webhook", args=[endpoint.tournament.slug, endpoint.pk])
