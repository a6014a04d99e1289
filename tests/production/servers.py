"""The production configuration in processes of its own: a database, Redis and gunicorn.

Everything here runs as a release would: `manage.py` and gunicorn in child processes with
DEBUG off and the environment README's "Production setup" names. A process that cannot
start fails the test (never a skip): the smoke run exists to prove that they start.
"""

import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from conftest import REQUIRE_SERVICES
from tests.config.own_services import free_port, stop_process

ROOT = Path(__file__).resolve().parents[2]

# The test process's own settings (the Makefile's, the browser tests', the suite's services):
# none of them reaches the release, which gets only what production_env() sets.
SCRUBBED = {
    "DEBUG",
    "SECRET_KEY",
    "SECURE_SSL_REDIRECT",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CELERY_TASK_ALWAYS_EAGER",
    "STATIC_ROOT",
}


def production_env(
    *, port: int, database_url: str, redis_url: str, static_root: Path
) -> dict[str, str]:
    """DEBUG off, a real secret, the manifest storage, secure cookies: production, on loopback.

    Plain HTTP on 127.0.0.1 needs no setting weakened: Chromium treats the loopback address
    as a secure context, so it keeps and sends the Secure session and CSRF cookies and
    registers the service worker. Only the redirect to HTTPS is off (nothing listens there).
    """
    env = {key: value for key, value in os.environ.items() if key not in SCRUBBED}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SITE_URL=f"http://127.0.0.1:{port}",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        STATIC_ROOT=str(static_root),
        # Mail and texts stay in the process: the smoke run reaches no outside server.
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        SMS_BACKEND="sms.backends.locmem.SmsBackend",
        LOG_LEVEL="WARNING",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


@contextmanager
def smoke_database(folder: Path) -> Iterator[str]:
    """A database of the run's own: next to the suite's PostgreSQL server, or an SQLite file.

    Not the suite's test database: gunicorn is another process, and pytest-django's SQLite
    test database lives in the test process's memory.
    """
    server = os.environ.get("DATABASE_URL", "")
    if not server.startswith("postgres"):
        yield f"sqlite:///{folder / 'smoke.sqlite3'}"
        return
    import psycopg

    parts = urlsplit(server)
    name = f"{parts.path.lstrip('/') or 'euchre'}_smoke"
    if not re.fullmatch(r"[a-z0-9_]{1,63}", name):
        pytest.fail(f"Refusing to make a smoke database named {name!r}")
    maintenance = urlunsplit(parts._replace(path="/postgres"))

    def run(sql: str) -> None:
        with psycopg.connect(maintenance, autocommit=True, connect_timeout=10) as connection:
            connection.execute(sql)

    run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    run(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _pong(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
            probe.sendall(b"PING\r\n")
            return probe.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def redis_server() -> Iterator[str]:
    """The cache's own Redis: the suite's Redis databases belong to its test processes."""
    binary = shutil.which("redis-server")
    if binary is None:
        if REQUIRE_SERVICES:
            pytest.fail("redis-server is not installed (REQUIRE_SERVICES=1 forbids skipping)")
        yield ""  # the in-process cache, on a machine without Redis
        return
    port = free_port()
    server = subprocess.Popen(
        [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while not _pong(port):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"redis-server did not answer on port {port}")
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop_process(server)


def manage(env: dict[str, str], log: Path, *command: str) -> subprocess.Popen:
    """Start `manage.py <command>`; finish() waits for it."""
    with log.open("w") as out:
        return subprocess.Popen(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )


def finish(process: subprocess.Popen, log: Path, *, timeout: float = 240) -> str:
    """Wait for a started command; fail with the end of what it printed unless it succeeded."""
    try:
        code = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        stop_process(process)
        pytest.fail(f"{process.args[2:]} took over {timeout:.0f} s:\n{tail(log)}")
    if code != 0:
        pytest.fail(f"{process.args[2:]} exited with {code}:\n{tail(log)}")
    return log.read_text()


def tail(log: Path, lines: int = 40) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


@contextmanager
def gunicorn(env: dict[str, str], port: int, log: Path) -> Iterator[str]:
    """The web command of README's "Production setup", on loopback; yields its address."""
    binary = Path(sys.executable).with_name("gunicorn")
    if not binary.exists():
        pytest.fail(f"gunicorn is not installed at {binary} (it is in requirements.txt)")
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(binary), "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}"]
            + ["--access-logfile", "-", "--graceful-timeout", "5"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/accounts/login/", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None:
                pytest.fail(f"gunicorn stopped at start-up:\n{tail(log)}")
            if time.monotonic() > deadline:
                pytest.fail(f"gunicorn did not answer within 30 s:\n{tail(log)}")
            time.sleep(0.2)
        yield base
    finally:
        stop_process(server)
