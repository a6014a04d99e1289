"""Who calls the API: a token that is missing, garbled, expired or revoked is a JSON 401;
a token that may only read is refused a write; each token's calls per minute are limited,
with or without the cache."""

import datetime
import json

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone
from ninja import Router
from ninja.testing import TestClient

from api import auth
from api.models import AccessToken
from api.tokens.services import token_create, token_revoke
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NOWHERE = "/api/v1/fixtures/999999999/confirm"  # passes auth and scope, then a 404


def call(raw: str | None = None, *, scheme: str = "Bearer", path: str = NOWHERE):
    headers = {"HTTP_AUTHORIZATION": f"{scheme} {raw}"} if raw is not None else {}
    return Client().post(path, **headers)


def detail(response) -> str:
    assert response["Content-Type"].startswith("application/json")
    return json.loads(response.content)["detail"]


@pytest.fixture
def user():
    return UserFactory()


@pytest.fixture
def scores_token(user):
    return token_create(user=user, name="Scores", scope="scores")


def test_a_good_token_gets_through(scores_token):
    response = call(scores_token[1])
    assert response.status_code == 404
    assert "no fixture" in detail(response)


def test_no_token_is_told_how_to_send_one():
    response = call()
    assert response.status_code == 401
    assert "Authorization: Bearer" in detail(response)


@pytest.mark.parametrize(
    "raw,scheme",
    [("garbage", "Bearer"), ("eut_" + "x" * 43, "Bearer"), ("", "Bearer"), ("abc", "Basic")],
)
def test_a_garbled_token_is_refused(raw, scheme):
    response = call(raw, scheme=scheme)
    assert response.status_code == 401
    assert "token" in detail(response)


def test_a_revoked_token_says_so(user, scores_token):
    token, raw = scores_token
    token_revoke(token=token, by=user)
    response = call(raw)
    assert response.status_code == 401
    assert "This token was revoked" in detail(response)


def test_an_expired_token_says_so(scores_token):
    token, raw = scores_token
    AccessToken.objects.filter(pk=token.pk).update(
        expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    response = call(raw)
    assert response.status_code == 401
    assert "This token expired" in detail(response)


def test_a_disabled_accounts_token_is_refused(user, scores_token):
    user.is_active = False
    user.save()
    response = call(scores_token[1])
    assert response.status_code == 401
    assert "disabled" in detail(response)


def test_a_read_token_may_not_write(user):
    _, raw = token_create(user=user, name="Reader", scope="read")
    response = call(raw)
    assert response.status_code == 403
    assert "This token may only read" in detail(response)


def test_its_use_is_recorded_at_most_once_a_minute(scores_token):
    token, raw = scores_token
    call(raw)
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None
    call(raw)
    token.refresh_from_db()
    assert token.last_used_at == first
    AccessToken.objects.filter(pk=token.pk).update(
        last_used_at=timezone.now() - datetime.timedelta(minutes=2)
    )
    call(raw)
    token.refresh_from_db()
    assert token.last_used_at > first


def test_a_token_over_its_rate_waits(settings, monkeypatch, scores_token):
    settings.API_TOKEN_RATE_PER_MINUTE = 2
    monkeypatch.setattr(auth, "now", lambda: 1_000_000 * 60 + 15.0)
    _, raw = scores_token
    assert [call(raw).status_code for _ in range(2)] == [404, 404]
    refused = call(raw)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "45"
    assert detail(refused)
    # Another token of the same person has its own count.
    _, other = token_create(user=scores_token[0].user, name="Other", scope="scores")
    assert call(other).status_code == 404
    # The next minute starts afresh.
    monkeypatch.setattr(auth, "now", lambda: 1_000_001 * 60 + 1.0)
    assert call(raw).status_code == 404


def test_the_limit_holds_with_the_cache_down(settings, monkeypatch, scores_token):
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",  # nobody listens here
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    settings.API_TOKEN_RATE_PER_MINUTE = 1
    monkeypatch.setattr(auth, "now", lambda: 2_000_000 * 60.0)
    _, raw = scores_token
    assert call(raw).status_code == 404
    assert call(raw).status_code == 429


def test_session_or_token_takes_either(user):
    router = Router()

    @router.get("/who", auth=auth.session_or_token())
    def who(request):
        return {"user": request.user.get_username(), "token": bool(auth.auth_token(request))}

    client = TestClient(router)
    cookies = {django_settings.SESSION_COOKIE_NAME: "a-session"}
    by_session = client.get("/who", user=user, COOKIES=cookies)
    assert by_session.json() == {"user": user.get_username(), "token": False}
    _, raw = token_create(user=user, name="Reader", scope="read")
    by_token = client.get("/who", headers={"Authorization": f"Bearer {raw}"})
    assert by_token.json() == {"user": user.get_username(), "token": True}
    assert client.get("/who").status_code == 401
