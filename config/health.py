"""`GET /healthz`: whether this web host can serve, for the load balancer.

It answers JSON `{"database": "ok"|"unreachable", "cache": "ok"|"unreachable"}`, never
stored by a cache on the way. 200 while the database answers, 503 when it doesn't: a host
whose database is gone can serve nothing, while a cache outage only makes pages slower
(config/cache.py builds them afresh), so the host stays in rotation with the cache marked
unreachable.

Cheap enough to ask every few seconds: one `SELECT 1`, a set and a get of one short-lived
key, no session, no signed-in user, no CSRF cookie. Exempt from the https redirect
(`SECURE_REDIRECT_EXEMPT`: the load balancer probes over plain http), but not from
ALLOWED_HOSTS: the probe sends the site's Host header.
"""

import os
import secrets
import socket
import threading
from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import Error, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from config import cache as fail_soft

PROBE_SECONDS = 10  # the probe's key outlives one probe, not many


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Error:  # OperationalError, InterfaceError: not reachable, or not now
        return False
    return True


def _probe_key() -> str:
    """One key per host, process and thread (a bounded set), so two probes never meet."""
    return f"healthz:{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


def _unsoftened(backend: Any) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The backend's own set and get. FailSoftRedisCache answers "not there" while Redis
    fails, which would pass for an empty cache: the probe asks Django's RedisCache under it,
    which raises."""
    if isinstance(backend, fail_soft.FailSoftRedisCache):
        return (
            lambda *args, **kwargs: RedisCache.set(backend, *args, **kwargs),
            lambda *args, **kwargs: RedisCache.get(backend, *args, **kwargs),
        )
    return backend.set, backend.get


def cache_answers() -> bool:
    """A set and a get of this probe's key through the default cache, failures not
    swallowed. The fail-soft cache's outage state learns the answer, as from any call."""
    backend = caches["default"]
    soft = isinstance(backend, fail_soft.FailSoftRedisCache)
    key, value = _probe_key(), secrets.token_hex(8)
    set_value, get_value = _unsoftened(backend)
    try:
        set_value(key, value, timeout=PROBE_SECONDS)
        answered = get_value(key) == value
    except Exception as error:  # whatever the backend raises: it did not answer
        if soft and isinstance(error, fail_soft.FAULTS):
            fail_soft.OUTAGE.failed(error)  # logged once, like any page's failed read
        return False
    if answered and soft:
        fail_soft.OUTAGE.answered()  # pages use the cache again without waiting to retry
    return answered


def _word(ok: bool) -> str:
    return "ok" if ok else "unreachable"


@csrf_exempt
@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    database = database_answers()
    return JsonResponse(
        {"database": _word(database), "cache": _word(cache_answers())},
        status=200 if database else 503,
    )
