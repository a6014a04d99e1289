"""Loaded first (`-p tests.worker_env` in pyproject): a suite split across processes by
pytest-xdist gives each process its own Redis databases, before Django reads its settings,
so one process's `cache.clear()` or Celery worker can't touch another's. (The database is
already per process: pytest-django suffixes the test database's name.)

The suite also reads no collected static files but those a test collects itself (into a
folder of its own): a checkout's `staticfiles/` from an earlier `collectstatic` made every
test client's WhiteNoise scan its 800 files again, a tenth of a second per client."""

import os
import tempfile
from urllib.parse import urlparse, urlunparse

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1"… or "" when not split


def _own_database(url: str, database: int) -> str:
    parts = urlparse(url)
    if not parts.scheme.startswith("redis"):
        return url
    return urlunparse(parts._replace(path=f"/{database}"))


if WORKER.startswith("gw"):
    number = int(WORKER[2:])
    # Databases 0-1 stay the unsplit run's; each process takes the next two.
    for name, shift in (("CELERY_BROKER_URL", 0), ("CELERY_RESULT_BACKEND", 0), ("REDIS_URL", 1)):
        if os.environ.get(name):
            os.environ[name] = _own_database(os.environ[name], 2 + 2 * number + shift)

os.environ["STATIC_ROOT"] = os.path.join(
    tempfile.gettempdir(), f"euchre-tests-no-static-{os.getpid()}"
)
