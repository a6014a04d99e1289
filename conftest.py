"""Suite-wide set-up: services are optional locally, required in CI (REQUIRE_SERVICES=1)."""

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def _reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), 3
        ).close()
    except OSError:
        return False
    return True


def _missing_service(marker: str) -> str | None:
    """Why a test marked `marker` cannot run here, or None when it can."""
    if marker == "needs_redis":
        url = os.environ.get("CELERY_BROKER_URL", "")
        if not url.startswith("redis"):
            return "CELERY_BROKER_URL is not a Redis URL"
        if not _reachable(url, 6379):
            return f"Redis at {url} is unreachable"
    if marker == "needs_postgres":
        from django.db import connection

        if connection.vendor != "postgresql":
            return "DATABASE_URL is not PostgreSQL"
    if marker == "browser" and not (shutil.which("chromium") or os.path.exists(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM}"
    return None


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in ("needs_redis", "needs_postgres", "browser"):
        if item.get_closest_marker(marker) is None:
            continue
        reason = _missing_service(marker)
        if reason is None:
            continue
        if REQUIRE_SERVICES:
            pytest.fail(f"{marker}: {reason} (REQUIRE_SERVICES=1 forbids skipping)")
        pytest.skip(f"{marker}: {reason}")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not REQUIRE_SERVICES:
        return
    from django.db import connection

    if connection.vendor != "postgresql":
        raise pytest.UsageError("REQUIRE_SERVICES=1 but DATABASE_URL is not PostgreSQL")
