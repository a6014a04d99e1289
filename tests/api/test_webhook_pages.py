"""The webhooks pages: a league's managers and an event's directors only; the secret shown
once; a refused URL saves nothing; the test button, disabling, retrying and deleting."""

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from api.models import WebhookDelivery, WebhookEndpoint
from api.tasks import deliver_webhooks
from tests.factories import (
    LeagueFactory,
    TournamentFactory,
    UserFactory,
    captain_user,
    director_user,
    manager_user,
)

pytestmark = pytest.mark.django_db

PUBLIC = [(2, 1, 6, "", ("93.184.216.34", 443))]  # getaddrinfo: a public address


@pytest.fixture(autouse=True)
def no_sending():
    with (
        mock.patch.object(deliver_webhooks, "delay"),
        mock.patch("api.webhooks.urls_check.socket.getaddrinfo", return_value=PUBLIC),
    ):
        yield


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _hook(**owner) -> WebhookEndpoint:
    return WebhookEndpoint.objects.create(
        **owner, url="https://hooks.example.org/in", events=["card_confirmed"], secret="whsec_x"
    )


def test_only_the_leagues_managers_open_its_webhooks():
    league, other = LeagueFactory(), LeagueFactory()
    endpoint = _hook(league=league)
    urls = [
        reverse("api:league_webhooks", args=[league.slug]),
        reverse("api:league_webhook", args=[league.slug, endpoint.pk]),
    ]
    for url in urls:
        assert _client(manager_user(league)).get(url).status_code == 200
        assert _client(manager_user(other)).get(url).status_code == 403
        assert _client(director_user()).get(url).status_code == 403
        assert _client(UserFactory()).get(url).status_code == 403
        assert "/accounts/login/" in _client(None).get(url)["Location"]
    # Another league's endpoint is not found under this league's address.
    mine = manager_user(other)
    assert (
        _client(mine).get(reverse("api:league_webhook", args=[other.slug, endpoint.pk])).status_code
        == 404
    )


def test_only_the_events_directors_open_its_webhooks():
    tournament, other = TournamentFactory(), TournamentFactory()
    endpoint = _hook(tournament=tournament)
    url = reverse("api:event_webhook", args=[tournament.slug, endpoint.pk])
    assert _client(director_user(tournament)).get(url).status_code == 200
    assert _client(director_user(other)).get(url).status_code == 403
    assert _client(manager_user()).get(url).status_code == 403
    post = reverse("api:event_webhook_action", args=[tournament.slug, endpoint.pk, "delete"])
    assert _client(director_user(other)).post(post).status_code == 403
    assert WebhookEndpoint.objects.filter(pk=endpoint.pk).exists()


def test_a_manager_adds_a_webhook_and_sees_its_secret_once():
    league = LeagueFactory()
    manager = manager_user(league)
    client = _client(manager)
    response = client.post(
        reverse("api:league_webhooks", args=[league.slug]),
        {
            "url": "https://hooks.example.org/euchre",
            "events": ["card_confirmed", "night_cancelled"],
            "format": "discord",
        },
        follow=True,
    )
    endpoint = WebhookEndpoint.objects.get(league=league)
    assert (endpoint.events, endpoint.format, endpoint.created_by) == (
        ["card_confirmed", "night_cancelled"],
        "discord",
        manager,
    )
    assert endpoint.secret in response.content.decode()
    again = client.get(reverse("api:league_webhook", args=[league.slug, endpoint.pk]))
    assert endpoint.secret not in again.content.decode()
    old = endpoint.secret
    rotated = client.post(
        reverse("api:league_webhook_action", args=[league.slug, endpoint.pk, "rotate"]),
        follow=True,
    )
    endpoint.refresh_from_db()
    assert endpoint.secret != old and endpoint.secret in rotated.content.decode()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://hooks.example.org/", "https://"),
        ("https://127.0.0.1/", "loopback"),
        ("https://[::1]/", "loopback"),
        ("https://2130706433/", "loopback"),
        ("https://10.0.0.1/", "private"),
        ("https://testserver/api/", "this site"),
    ],
)
def test_a_refused_url_is_told_and_nothing_is_saved(url, message, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    league = LeagueFactory()
    response = _client(manager_user(league)).post(
        reverse("api:league_webhooks", args=[league.slug]),
        {"url": url, "events": ["card_confirmed"], "format": "json"},
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not WebhookEndpoint.objects.exists()


def test_an_event_webhook_offers_the_events_events_only():
    tournament = TournamentFactory()
    client = _client(director_user(tournament))
    response = client.post(
        reverse("api:event_webhooks", args=[tournament.slug]),
        {"url": "https://hooks.example.org/", "events": ["night_cancelled"], "format": "json"},
    )
    assert response.status_code == 400
    assert not WebhookEndpoint.objects.exists()
    assert (
        "round_started"
        in client.get(reverse("api:event_webhooks", args=[tournament.slug])).content.decode()
    )


def test_send_a_test_disable_enable_retry_and_delete(django_capture_on_commit_callbacks):
    league = LeagueFactory()
    endpoint = _hook(league=league)
    client = _client(manager_user(league))
    action = lambda name: reverse(  # noqa: E731
        "api:league_webhook_action", args=[league.slug, endpoint.pk, name]
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(action("test"))
    ping = WebhookDelivery.objects.get(endpoint=endpoint)
    assert ping.event == "ping" and ping.status == "pending"
    deliver_webhooks.delay.assert_called_with([ping.pk])
    page = client.get(reverse("api:league_webhook", args=[league.slug, endpoint.pk]))
    assert "ping" in page.content.decode() and "Retry now" in page.content.decode()

    client.post(action("disable"))
    endpoint.refresh_from_db()
    assert not endpoint.active and endpoint.disabled_at is not None
    client.post(action("test"))
    assert WebhookDelivery.objects.filter(endpoint=endpoint).count() == 1  # refused
    client.post(action("enable"))
    endpoint.refresh_from_db()
    assert endpoint.active and endpoint.failures == 0 and endpoint.disabled_at is None

    WebhookDelivery.objects.filter(pk=ping.pk).update(status="failed", attempts=6)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("api:league_webhook_retry", args=[league.slug, endpoint.pk, ping.pk]))
    ping.refresh_from_db()
    assert ping.status == "pending"

    WebhookDelivery.objects.filter(pk=ping.pk).update(status="sent")
    response = client.post(
        reverse("api:league_webhook_retry", args=[league.slug, endpoint.pk, ping.pk]), follow=True
    )
    assert "delivered already" in response.content.decode()

    client.post(action("delete"))
    assert not WebhookEndpoint.objects.exists()


def test_the_staff_pages_link_to_the_webhooks():
    league = LeagueFactory()
    page = _client(manager_user(league)).get(reverse("league:league_detail", args=[league.slug]))
    assert reverse("api:league_webhooks", args=[league.slug]) in page.content.decode()
    captain, _ = captain_user()
    other = _client(captain).get(reverse("league:league_detail", args=[league.slug]))
    assert reverse("api:league_webhooks", args=[league.slug]) not in other.content.decode()
    tournament = TournamentFactory()
    manage = _client(director_user(tournament)).get(
        reverse("tournaments:manage", args=[tournament.slug])
    )
    assert reverse("api:event_webhooks", args=[tournament.slug]) in manage.content.decode()
