"""A token's reads count against its limit as its writes do (`api.read.http.ReadThrottle`
on every read router); an anonymous or signed-in browser's reads are never counted."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from api import auth
from api.models import AccessToken
from api.tokens.services import token_create
from tests.factories import UserFactory
from tests.tournaments.factories import bracket

pytestmark = pytest.mark.django_db

MINUTE = 1_000_000 * 60  # a clock minute's start, in seconds


@pytest.fixture
def clock(monkeypatch):
    """The throttle's clock at 15 s into a minute (Retry-After: 45)."""
    monkeypatch.setattr(auth, "now", lambda: MINUTE + 15.0)


@pytest.fixture
def reader():
    return token_create(user=UserFactory(), name="Reader", scope=AccessToken.Scope.READ)[1]


def _bearer(raw: str) -> dict:
    return {"Authorization": f"Bearer {raw}"}


def test_a_token_over_its_limit_on_a_read_gets_a_json_429_with_retry_after(
    client, settings, clock, reader
):
    settings.API_TOKEN_RATE_PER_MINUTE = 2
    url = reverse("api_v1:read_tournaments")
    assert [client.get(url, headers=_bearer(reader)).status_code for _ in range(2)] == [200, 200]

    refused = client.get(url, headers=_bearer(reader))

    assert refused.status_code == 429
    assert refused["Retry-After"] == "45"
    assert refused["Content-Type"].startswith("application/json")
    assert json.loads(refused.content)["detail"]


def test_every_read_router_counts_the_token(client, settings, clock, reader):
    settings.API_TOKEN_RATE_PER_MINUTE = 1
    event = bracket(4)
    urls = [
        reverse("api_v1:read_leagues"),
        reverse("api_v1:read_tournament", args=[event.slug]),
        reverse("api_v1:read_bracket", args=[event.slug]),
        reverse("api_v1:read_profile", args=[event.entries.first().player_id]),
        reverse("api_v1:read_ladder", args=["no-such-ladder"]),
        reverse("api_v1:read_standings", args=["no-league", "no-season"]),
    ]
    for url in urls:
        token = token_create(user=UserFactory(), name="One", scope=AccessToken.Scope.READ)[1]
        assert client.get(url, headers=_bearer(token)).status_code in (200, 404), url
        assert client.get(url, headers=_bearer(token)).status_code == 429, url


def test_reads_and_writes_share_the_tokens_count(client, settings, clock):
    settings.API_TOKEN_RATE_PER_MINUTE = 2
    raw = token_create(user=UserFactory(), name="Both", scope=AccessToken.Scope.SCORES)[1]
    assert client.get(reverse("api_v1:read_leagues"), headers=_bearer(raw)).status_code == 200
    write = client.post("/api/v1/fixtures/999999999/confirm", headers=_bearer(raw))
    assert write.status_code == 404  # through the throttle: no such fixture
    assert client.get(reverse("api_v1:read_leagues"), headers=_bearer(raw)).status_code == 429


def test_anonymous_and_signed_in_reads_are_never_counted(client, settings, clock):
    settings.API_TOKEN_RATE_PER_MINUTE = 1
    url = reverse("api_v1:read_tournaments")
    assert {client.get(url).status_code for _ in range(5)} == {200}
    client.force_login(UserFactory())
    assert {client.get(url).status_code for _ in range(5)} == {200}


def test_the_next_minute_starts_afresh_and_each_token_has_its_own_count(
    client, settings, monkeypatch, clock, reader
):
    settings.API_TOKEN_RATE_PER_MINUTE = 1
    url = reverse("api_v1:read_leagues")
    assert client.get(url, headers=_bearer(reader)).status_code == 200
    assert client.get(url, headers=_bearer(reader)).status_code == 429
    other = token_create(user=UserFactory(), name="Other", scope=AccessToken.Scope.READ)[1]
    assert client.get(url, headers=_bearer(other)).status_code == 200
    monkeypatch.setattr(auth, "now", lambda: MINUTE + 61.0)
    assert client.get(url, headers=_bearer(reader)).status_code == 200


def test_a_token_that_is_not_valid_is_not_counted_and_still_refused_where_it_matters(
    client, settings, clock
):
    settings.API_TOKEN_RATE_PER_MINUTE = 1
    bad = _bearer("eut_" + "x" * 43)
    event = bracket(4)
    profile = reverse("api_v1:read_profile", args=[event.entries.first().player_id])
    # A profile shows more to some: who asks matters, so a bad token is a 401 each time.
    assert [client.get(profile, headers=bad).status_code for _ in range(3)] == [401] * 3


def test_a_read_with_a_token_costs_its_look_up_and_its_count(client, clock, reader):
    url = reverse("api_v1:read_tournament", args=[bracket(4).slug])
    for headers in ({}, _bearer(reader)):  # the body kept, the token's first use recorded
        client.get(url, headers=headers)
    anonymous = _queries(client, url, {})
    assert len(_queries(client, url, _bearer(reader))) == len(anonymous) + 2


def test_the_token_is_looked_up_once_where_the_answer_depends_on_who_asks(client, clock, reader):
    event = bracket(4)
    profile = reverse("api_v1:read_profile", args=[event.entries.first().player_id])
    tokens = [sql for sql in _queries(client, profile, _bearer(reader)) if "api_accesstoken" in sql]
    assert len(tokens) == 2 and tokens[1].startswith("UPDATE")  # found once, its use recorded


def _queries(client, url: str, headers: dict) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, headers=headers).status_code == 200
    return [query["sql"] for query in captured.captured_queries]
