"""`/healthz`, the load balancer's probe: 200 while the database answers (the cache's
state said beside it), 503 when it doesn't; one query, no session, and never redirected to
https (the probe comes over plain http)."""

import logging
from collections.abc import Iterator
from unittest import mock

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config import cache as fail_soft
from tests.config.own_services import OwnRedis, free_port

pytestmark = pytest.mark.django_db

URL = "/healthz"


def _redis_cache(settings, location: str) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": location,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }


@pytest.fixture
def fresh_outage(monkeypatch) -> fail_soft.Outage:
    outage = fail_soft.Outage()
    monkeypatch.setattr(fail_soft, "OUTAGE", outage)
    return outage


@pytest.fixture(scope="module")
def redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    yield server
    server.close()


def test_all_well_is_200_in_one_query_without_a_session_or_cookies(client):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(URL)
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "cache": "ok"}
    assert len(queries) == 1
    assert "no-store" in response["Cache-Control"]
    assert not response.cookies  # no session, no CSRF cookie


def test_a_signed_in_browser_costs_no_session_lookup(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("probe-test"))
    with CaptureQueriesContext(connection) as queries:
        assert client.get(URL).status_code == 200
    assert len(queries) == 1


def test_a_database_that_doesnt_answer_is_503_in_json(client):
    refused = OperationalError("connection to server at 127.0.0.1 port 5432 failed")
    with mock.patch.object(connections["default"], "cursor", side_effect=refused):
        response = client.get(URL)
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"database": "unreachable", "cache": "ok"}
    assert "no-store" in response["Cache-Control"]


def test_a_cache_that_doesnt_answer_keeps_the_host_in_rotation(
    client, settings, fresh_outage, caplog
):
    """The fail-soft cache would swallow the failure; the probe sees through it, and the
    outage is logged once, as a page's failed read would."""
    _redis_cache(settings, f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    with caplog.at_level(logging.WARNING, logger=fail_soft.__name__):
        first, second = client.get(URL), client.get(URL)
    for response in (first, second):
        assert response.status_code == 200
        assert response.json() == {"database": "ok", "cache": "unreachable"}
    assert fresh_outage.since is not None
    assert len([r for r in caplog.records if r.name == fail_soft.__name__]) == 1


def test_a_redis_cache_that_answers_is_ok_and_ends_a_known_outage(
    client, settings, fresh_outage, redis
):
    if not redis.answers():
        redis.start()
    _redis_cache(settings, redis.url)
    fresh_outage.failed(ConnectionError("refused a moment ago"))
    response = client.get(URL)
    assert response.json() == {"database": "ok", "cache": "ok"}
    assert fresh_outage.since is None  # pages use the cache again at once


def test_it_is_not_redirected_to_https_while_other_pages_are(settings):
    settings.SECURE_SSL_REDIRECT = True
    client = Client()  # plain http, as the load balancer asks
    assert client.get(URL).status_code == 200
    other = client.get("/")
    assert other.status_code == 301
    assert other["Location"].startswith("https://")


def test_the_probe_must_name_one_of_the_sites_hosts(client, settings):
    settings.ALLOWED_HOSTS = ["euchre.example.com"]
    assert client.get(URL, HTTP_HOST="euchre.example.com").status_code == 200
    assert client.get(URL, HTTP_HOST="10.0.0.7").status_code == 400


def test_it_answers_get_and_head_only(client):
    assert client.head(URL).status_code == 200
    assert client.post(URL).status_code == 405
