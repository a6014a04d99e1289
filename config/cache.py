"""The cache as an optimisation: Redis when it answers, the page computed when it doesn't.

`FailSoftRedisCache` is Django's Redis backend (`CACHES` in settings when `REDIS_URL` is
set) with every read answering "not there" and every write doing nothing while Redis
fails, so each caller that builds a page and keeps it (the schedule, standings, fixture
page, tournament page, leaderboard, room display, calendars and CSVs) simply builds it.
Nothing the app must remember lives in the cache (the login throttle counts in the
database), so losing it loses only time.

An outage is logged once per process: a warning at the first failure, then nothing
however many requests follow, and an info line when Redis answers again. While it is
down, Redis is asked again at most every `RETRY_SECONDS`; between two tries calls skip it
at once, so a Redis that hangs rather than refuses costs one request a short timeout
(`OPTIONS` in settings), not every request.
"""

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # while Redis is down, how often one call tries it again
FAULTS = (RedisError, OSError)  # what a missing or failing Redis raises


class Outage:
    """Whether the cache is down in this process, shared by every thread's backend."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.since: float | None = None  # when the outage began (monotonic), None if up
        self.retry_at = 0.0
        self.clock: Callable[[], float] = time.monotonic

    def skip(self) -> bool:
        """True while down and not yet time to try again (then this caller tries)."""
        with self.lock:
            if self.since is None:
                return False
            now = self.clock()
            if now < self.retry_at:
                return True
            self.retry_at = now + RETRY_SECONDS  # this caller tries; the others skip
            return False

    def failed(self, error: BaseException) -> None:
        with self.lock:
            now = self.clock()
            first = self.since is None
            if first:
                self.since = now
            self.retry_at = now + RETRY_SECONDS
        if first:
            logger.warning(
                "The cache is unavailable (%s: %s): pages are built without it until it "
                "answers again",
                type(error).__name__,
                error,
            )

    def answered(self) -> None:
        if self.since is None:  # the common case, without the lock
            return
        with self.lock:
            since, self.since = self.since, None
        if since is not None:
            logger.info("The cache answers again after %.0f s", self.clock() - since)


OUTAGE = Outage()


class KeptClientRedisCacheClient(RedisCacheClient):
    """Django's client, with one `redis.Redis` per connection pool made once: Django makes a
    new one on every call, which copied its response callbacks each time and cost half of a
    cached page's cache read. A `redis.Redis` over a pool is safe to share between threads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class FailSoftRedisCache(RedisCache):
    """Django's RedisCache that treats a failing Redis as an empty cache (see the module)."""

    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient

    def _soft(self, call: Callable[[], Any], fallback: Any) -> Any:
        if OUTAGE.skip():
            return fallback
        try:
            value = call()
        except FAULTS as error:
            OUTAGE.failed(error)
            return fallback
        OUTAGE.answered()
        return value

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        base = super()
        return self._soft(lambda: base.get(key, default, version), default)

    def get_many(self, keys: Any, version: Any = None) -> dict:
        base = super()
        return self._soft(lambda: base.get_many(keys, version), {})

    def has_key(self, key: Any, version: Any = None) -> bool:
        base = super()
        return self._soft(lambda: base.has_key(key, version), False)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        base = super()
        self._soft(lambda: base.set(key, value, timeout, version), None)

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        base = super()
        return self._soft(lambda: base.add(key, value, timeout, version), False)

    def set_many(self, data: dict, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list:
        base = super()
        return self._soft(lambda: base.set_many(data, timeout, version), list(data))

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        base = super()
        return self._soft(lambda: base.touch(key, timeout, version), False)

    def delete(self, key: Any, version: Any = None) -> bool:
        base = super()
        return self._soft(lambda: base.delete(key, version), False)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        base = super()
        self._soft(lambda: base.delete_many(keys, version), None)

    def clear(self) -> bool:
        base = super()
        return self._soft(base.clear, False)
