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


# Modules and packages whose tests share an expensive module- or package-scoped fixture (the
# demo loaded, a world of rows built, a server of their own started): with `--dist loadgroup`
# each runs whole in one process, so it is built once, not in every process given one test.
# None of them is transactional, so running a group first never runs a flush before the tests
# that need the data the migrations seeded.
SHARED_SET_UP = {
    "tests/league/demo/": "league-demo",
    "tests/money/setup/test_demo.py": "money-demo",
    "tests/config/test_permission_matrix.py": "permission-matrix",
    "tests/config/test_form_inputs.py": "form-inputs",
    "tests/config/test_health.py": "health",
    "tests/config/test_faults_cache.py": "faults-cache",
    "tests/config/test_faults_database.py": "faults-database",
    "tests/api/test_schemathesis.py": "schemathesis",
    "tests/api/test_schemathesis_tokens.py": "schemathesis-tokens",
}


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown when it is off (-p no:xdist)
def pytest_xdist_make_scheduler(config: pytest.Config, log):  # type: ignore[no-untyped-def]
    """`--dist loadgroup` groups by SHARED_SET_UP (pytest-xdist's own grouping by mark
    renames node ids in a way pytest 9 ignores); every other test is a group of one."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedSetUpScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            for prefix, group in SHARED_SET_UP.items():
                if nodeid.startswith(prefix):
                    return group
            return nodeid

    return SharedSetUpScheduling(config, log)


def pytest_sessionstart(session: pytest.Session) -> None:
    if not REQUIRE_SERVICES:
        return
    from django.db import connection

    if connection.vendor != "postgresql":
        raise pytest.UsageError("REQUIRE_SERVICES=1 but DATABASE_URL is not PostgreSQL")
