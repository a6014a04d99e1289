"""Sending webhook deliveries: signed, retried with backoff after a failure, disabled after
failures in a row, one row per event, and nothing lost while the broker is down."""

import json
from datetime import timedelta
from unittest import mock

import pytest
from django.test import override_settings
from django.utils import timezone

from api.models import WebhookDelivery, WebhookEndpoint
from api.tasks import deliver_webhooks, sweep_webhooks
from api.webhooks import delivery
from api.webhooks.events import Event
from api.webhooks.outbox import deliveries_write
from notices.models import Notice
from tests.api.webhook_receiver import WebhookReceiver
from tests.factories import LeagueFactory, manager_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("local_receivers")]

SECRET = "whsec_delivery_test"


@pytest.fixture
def local_receivers():
    with override_settings(WEBHOOK_ALLOW_HOSTS=["127.0.0.1"]):
        yield


def _endpoint(url: str, **extra) -> WebhookEndpoint:
    league = extra.pop("league", None) or LeagueFactory()
    return WebhookEndpoint.objects.create(
        league=league,
        url=url,
        events=["card_confirmed", "standings_published"],
        secret=SECRET,
        created_by=extra.pop("created_by", None) or manager_user(league),
        **extra,
    )


def _event(endpoint: WebhookEndpoint, key: str = "card_confirmed:game:1:v1") -> Event:
    league = endpoint.league
    return Event(
        name="card_confirmed",
        key=key,
        occurred_at=timezone.now(),
        scope_kind="league",
        scope_id=league.pk,
        scope={"slug": league.slug, "name": league.name, "url": ""},
        summary="Week 1 · Game 1: Aces 10, Bowers 7 (confirmed).",
        data={"game": {"id": 1}, "version": 1},
    )


def _due_now(row: WebhookDelivery) -> None:
    WebhookDelivery.objects.filter(pk=row.pk).update(available_at=timezone.now())


def test_a_failed_delivery_is_retried_and_the_receiver_verifies_it(
    django_capture_on_commit_callbacks,
):
    with WebhookReceiver(SECRET, answers=[500]) as receiver:
        endpoint = _endpoint(receiver.url)
        with django_capture_on_commit_callbacks(execute=True):
            (pk,) = deliveries_write(_event(endpoint))
        row = WebhookDelivery.objects.get(pk=pk)
        assert (row.status, row.attempts, row.last_status_code) == ("pending", 1, 500)
        assert row.last_error == "Answered 500."
        assert timedelta(seconds=55) < row.available_at - timezone.now() <= timedelta(seconds=60)
        endpoint.refresh_from_db()
        assert endpoint.failures == 1

        assert sweep_webhooks() == 0  # not due yet
        _due_now(row)
        sweep_webhooks()

    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_status_code, row.last_error) == (
        "sent",
        2,
        200,
        "",
    )
    assert row.sent_at is not None
    endpoint.refresh_from_db()
    assert endpoint.failures == 0
    first, second = receiver.received
    assert first.verified and second.verified
    assert first.body == second.body == row.body.encode()
    assert second.headers["X-Euchre-Event"] == "card_confirmed"
    assert second.headers["X-Euchre-Delivery"] == str(row.pk)
    assert second.headers["Content-Type"] == "application/json"
    body = json.loads(second.body)
    assert body["event"] == "card_confirmed" and body["id"] == "card_confirmed:game:1:v1"
    assert body["league"]["slug"] == endpoint.league.slug


def test_the_backoff_grows_then_the_delivery_is_given_up():
    assert [delivery.retry_delay(n) for n in range(1, 7)] == [60, 300, 1800, 7200, 43200, 43200]
    with WebhookReceiver(SECRET, answers=[503] * 10) as receiver:
        endpoint = _endpoint(receiver.url)
        (pk,) = deliveries_write(_event(endpoint))
        waits = []
        for _ in range(delivery.MAX_ATTEMPTS):
            _due_now(WebhookDelivery(pk=pk))
            before = timezone.now()
            deliver_webhooks([pk])
            row = WebhookDelivery.objects.get(pk=pk)
            waits.append(round((row.available_at - before).total_seconds() / 60))
    assert row.status == "failed" and row.attempts == delivery.MAX_ATTEMPTS
    assert waits[:5] == [1, 5, 30, 120, 720]
    assert len(receiver.received) == delivery.MAX_ATTEMPTS
    # Given up: the sweep leaves it alone.
    assert sweep_webhooks() == 0


def test_an_endpoint_failing_ten_times_in_a_row_is_disabled_and_its_creator_told():
    with WebhookReceiver(SECRET, answers=[500] * 20) as receiver:
        endpoint = _endpoint(receiver.url, failures=delivery.DISABLE_AFTER - 1)
        (pk,) = deliveries_write(_event(endpoint))
        deliver_webhooks([pk])
        endpoint.refresh_from_db()
        assert not endpoint.active and endpoint.disabled_at is not None
        assert endpoint.failures == delivery.DISABLE_AFTER
        notice = Notice.objects.get(kind=Notice.Kind.GENERAL, key__startswith="webhook_disabled:")
        assert endpoint.url in notice.body
        assert notice.messages.get().address == endpoint.created_by.email
        # Its deliveries wait: nothing is claimed or sent while it is disabled.
        _due_now(WebhookDelivery(pk=pk))
        assert deliver_webhooks([pk]) == 0
        assert len(receiver.received) == 1
    assert WebhookDelivery.objects.get(pk=pk).status == "pending"
    # A new event is not written for a disabled endpoint.
    assert deliveries_write(_event(endpoint, key="card_confirmed:game:2:v1")) == []


def test_a_success_resets_the_failures_in_a_row():
    with WebhookReceiver(SECRET) as receiver:
        endpoint = _endpoint(receiver.url, failures=7)
        deliver_webhooks(deliveries_write(_event(endpoint)))
    endpoint.refresh_from_db()
    assert endpoint.failures == 0 and endpoint.active


def test_the_same_event_twice_makes_one_delivery():
    endpoint = _endpoint("https://hooks.example.org/in")
    first = deliveries_write(_event(endpoint))
    second = deliveries_write(_event(endpoint))
    assert first == second
    assert WebhookDelivery.objects.filter(endpoint=endpoint).count() == 1


def test_a_delivery_is_claimed_once_and_a_lapsed_lease_is_taken_over():
    endpoint = _endpoint("https://hooks.example.org/in")
    (pk,) = deliveries_write(_event(endpoint))
    import uuid

    won = delivery.claim([pk], uuid.uuid4())
    assert [row.pk for row in won] == [pk]
    assert delivery.claim([pk], uuid.uuid4()) == []  # held by the first
    WebhookDelivery.objects.filter(pk=pk).update(
        claimed_at=timezone.now() - delivery.CLAIM_LEASE - timedelta(seconds=1)
    )
    assert [row.pk for row in delivery.claim([pk], uuid.uuid4())] == [pk]  # its worker died
    assert WebhookDelivery.objects.get(pk=pk).attempts == 2


def test_with_the_broker_down_the_rows_stay_pending_for_the_sweep(
    django_capture_on_commit_callbacks,
):
    with WebhookReceiver(SECRET) as receiver:
        endpoint = _endpoint(receiver.url)
        broken = mock.patch.object(deliver_webhooks, "delay", side_effect=OSError("broker down"))
        with broken, django_capture_on_commit_callbacks(execute=True):
            (pk,) = deliveries_write(_event(endpoint))
        assert WebhookDelivery.objects.get(pk=pk).status == "pending"
        assert receiver.received == []
        with broken:
            assert sweep_webhooks() == 0  # still down: still pending
        assert sweep_webhooks() == 1  # back
    assert WebhookDelivery.objects.get(pk=pk).status == "sent"
    assert len(receiver.received) == 1


def test_a_redirect_is_a_failure_and_is_not_followed():
    with WebhookReceiver(SECRET, answers=[302]) as receiver:
        endpoint = _endpoint(receiver.url)
        (pk,) = deliveries_write(_event(endpoint))
        deliver_webhooks([pk])
    row = WebhookDelivery.objects.get(pk=pk)
    assert row.status == "pending" and row.last_status_code == 302
    assert "redirects are not followed" in row.last_error
    assert len(receiver.received) == 1


def test_the_url_is_checked_again_at_send_time():
    endpoint = _endpoint("https://10.0.0.8/in")  # saved around the form, or rebound since
    (pk,) = deliveries_write(_event(endpoint))
    with mock.patch("api.webhooks.http.post") as post:
        deliver_webhooks([pk])
    post.assert_not_called()
    row = WebhookDelivery.objects.get(pk=pk)
    assert row.status == "pending" and "Not sent" in row.last_error and "private" in row.last_error


def test_chat_formats_get_their_own_bodies():
    discord = _endpoint("https://hooks.example.org/d", format="discord")
    slack = _endpoint("https://hooks.example.org/s", format="slack", league=discord.league)
    deliveries_write(_event(discord))
    body = json.loads(discord.deliveries.get().body)
    assert body["content"].startswith(discord.league.name + ": Week 1")
    assert body["embeds"][0]["title"] == "Card confirmed"
    assert set(json.loads(slack.deliveries.get().body)) == {"text"}
