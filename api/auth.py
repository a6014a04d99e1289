"""Who is calling the API: a personal access token (Bearer), or for reads the signed-in
session of a browser; and how often a token may call.

`TokenAuth` finds the token by its digest and refuses an unknown, expired or revoked one
with a 401 and a message saying which. It sets `request.user` to the token's owner, so the
permissions (`accounts.permissions`) answer for a token exactly as for its owner on the
pages, and `request.auth_token` for the scope check (`scores_scope`): a token that may only
read is refused every write. `session_or_token` is an `auth=` list for reads a browser may
also make (ninja tries the session first).

`TokenThrottle` (`throttle=`) counts each token's calls per minute in the database
(`accounts.throttle_counts`, the sign-in throttle's counters): the cache going down must
neither lift the limit nor refuse everyone. Over the limit is a 429 with Retry-After.
Routers taking tokens use both: `Router(auth=TokenAuth(), throttle=TokenThrottle())`.
"""

import datetime
import logging
import math
import threading
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from ninja.errors import AuthenticationError, HttpError
from ninja.security import HttpBearer, SessionAuth
from ninja.throttling import BaseThrottle

from accounts import throttle_counts
from api.models import AccessToken
from api.tokens.selectors import token_for_raw
from wording.when import day

logger = logging.getLogger(__name__)

TOUCH_EVERY = datetime.timedelta(minutes=1)  # last_used_at is written at most this often
RATE_PER_MINUTE = 120  # a token's calls per minute unless settings.API_TOKEN_RATE_PER_MINUTE
NEW_TOKEN = "Make one on your account page (API tokens)."
NO_TOKEN = (
    "Send a personal access token in the header 'Authorization: Bearer <token>'. " + NEW_TOKEN
)
READ_ONLY = "This token may only read: make one that may enter scores to send results."

# The clock (tests replace it to let time pass).
now: Callable[[], float] = time.time


def _touch(token: AccessToken) -> None:
    """Record the use, cheaply: one conditional UPDATE at most once a minute per token."""
    moment = timezone.now()
    if token.last_used_at is not None and moment - token.last_used_at < TOUCH_EVERY:
        return
    AccessToken.objects.filter(pk=token.pk).filter(
        Q(last_used_at__isnull=True) | Q(last_used_at__lt=moment - TOUCH_EVERY)
    ).update(last_used_at=moment)
    token.last_used_at = moment


def token_refusal(token: AccessToken | None) -> str:
    """Why this token can't be used now ("" when it can)."""
    if token is None:
        return "This token is not valid: check it was copied whole. " + NEW_TOKEN
    if token.revoked_at is not None:
        return "This token was revoked. " + NEW_TOKEN
    if token.expires_at is not None and token.expires_at <= timezone.now():
        return f"This token expired on {day(token.expires_at)}. " + NEW_TOKEN
    if not token.user.is_active:
        return "This token's account is disabled."
    return ""


class TokenAuth(HttpBearer):
    """A personal access token in `Authorization: Bearer <token>`; answers with its user.

    `required=False` lets a request without the header through to the next `auth=`
    callback (a token that is sent is still checked: a bad one is always a 401)."""

    def __init__(self, *, required: bool = True) -> None:
        self.required = required
        super().__init__()

    def __call__(self, request: HttpRequest) -> Any | None:
        value = request.headers.get(self.header, "")
        if not value:
            if self.required:
                raise AuthenticationError(message=NO_TOKEN)
            return None
        scheme, _, raw = value.partition(" ")
        if scheme.lower() != self.openapi_scheme:
            raise AuthenticationError(message=NO_TOKEN)
        return self.authenticate(request, raw.strip())

    def authenticate(self, request: HttpRequest, token: str) -> Any | None:
        found = token_for_raw(token)
        refusal = token_refusal(found)
        if refusal:
            raise AuthenticationError(message=refusal)
        assert found is not None
        _touch(found)
        request.user = found.user
        request.auth_token = found  # type: ignore[attr-defined]
        return found.user


class Session(SessionAuth):
    """The browser's signed-in session (CSRF checked by ninja for a write)."""

    def authenticate(self, request: HttpRequest, key: str | None) -> Any | None:
        user = super().authenticate(request, key)
        if user is not None:
            request.auth_token = None  # type: ignore[attr-defined]
        return user


def session_or_token() -> list:
    """An `auth=` list for reads: the signed-in session, else a token."""
    return [Session(), TokenAuth()]


def auth_token(request: HttpRequest) -> AccessToken | None:
    return getattr(request, "auth_token", None)


def scores_scope(request: HttpRequest) -> None:
    """Refuse (403) a write made with a token that may only read."""
    token = auth_token(request)
    if token is None or token.scope != AccessToken.Scope.SCORES:
        raise HttpError(403, READ_ONLY)


def rate_per_minute() -> int:
    return max(1, int(getattr(settings, "API_TOKEN_RATE_PER_MINUTE", RATE_PER_MINUTE)))


class TokenThrottle(BaseThrottle):
    """At most `rate_per_minute()` calls per token in each clock minute; other callers
    (a browser's session) pass. A counter that can't be written lets the call through:
    the database refusing the count refuses the call's own work too."""

    def __init__(self) -> None:
        self._local = threading.local()  # ninja asks wait() right after allow_request()

    def allow_request(self, request: HttpRequest) -> bool:
        token = auth_token(request)
        if token is None:
            return True
        current = now()
        minute = int(current // 60)
        try:
            count = throttle_counts.increment(
                f"api-token:{token.pk}:{minute}", now=current, window=60
            )
        except DatabaseError:
            logger.warning("The API throttle could not count a call", exc_info=True)
            return True
        self._local.wait = (minute + 1) * 60 - current
        return count <= rate_per_minute()

    def wait(self) -> float | None:
        return math.ceil(getattr(self._local, "wait", 60.0))
