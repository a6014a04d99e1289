"""A Redis and a PostgreSQL of a test's own, which the test stops and starts at will.

Not the suite's services (other test processes use those): each server runs from a
temporary folder on a free port. A server that can't be started skips the test, or fails
it under REQUIRE_SERVICES=1 (CI), where a fault test must run.
"""

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import REQUIRE_SERVICES

ROOT = Path(__file__).resolve().parents[2]
PG_ROOT = Path("/usr/lib/postgresql")


def cannot_start(reason: str) -> None:
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (REQUIRE_SERVICES=1 forbids skipping)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return port if port != 8000 else free_port()


def _wait(ready, what: str, process: subprocess.Popen | None = None, seconds: float = 20) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not ready():
        if process is not None and process.poll() is not None:
            pytest.fail(f"{what} stopped at start-up")
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not answer within {seconds:.0f} s")
        time.sleep(0.05)


def stop_process(process: subprocess.Popen) -> None:
    """Terminate, then kill what doesn't stop within ten seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class OwnRedis:
    """redis-server on a free port, nothing saved; `stop()` and `start()` at will."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            cannot_start("redis-server is not installed")
        self.binary = str(binary)
        self.folder = Path(tempfile.mkdtemp(prefix="fault-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait(self.answers, "redis-server", self.process)

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
            self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class OwnPostgres:
    """A PostgreSQL cluster in a temporary folder (initdb, then pg_ctl as the `postgres` OS
    user when run as root), trusting local connections; `stop()` and `start()` at will."""

    def __init__(self) -> None:
        versions = sorted(PG_ROOT.glob("*/bin/pg_ctl")) if PG_ROOT.exists() else []
        if not versions:
            cannot_start(f"no PostgreSQL server under {PG_ROOT}")
        self.bin = versions[-1].parent
        self.folder = Path(tempfile.mkdtemp(prefix="fault-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/postgres"
        self.as_owner: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            shutil.chown(self.folder, "postgres")
            self.as_owner = ["runuser", "-u", "postgres", "--"]
        done = self._run(
            "initdb",
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-sync",
        )
        if done.returncode != 0:
            cannot_start(f"initdb failed: {done.stdout[-500:]}")

    def _run(self, tool: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*self.as_owner, str(self.bin / tool), *args],
            capture_output=True,
            text=True,
            timeout=120,
        )

    def answers(self) -> bool:
        done = self._run("pg_isready", "-h", "127.0.0.1", "-p", str(self.port), "-t", "1")
        return done.returncode == 0

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "log")
        done = self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")
        if done.returncode != 0:
            pytest.fail(f"PostgreSQL did not start: {done.stdout[-500:]}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


# A schema without the migrations (they take most of a minute; these tests need the
# tables, not their history), and the accounts the tests sign in with.
_SCHEMA = """
from django.conf import settings
class _NoMigrations(dict):
    def __contains__(self, app): return True
    def __getitem__(self, app): return None
settings.MIGRATION_MODULES = _NoMigrations()
from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)
from django.contrib.auth import get_user_model
for name in {names!r}:
    get_user_model().objects.create_user(name, f"{{name}}@example.com", {password!r})
"""


def app_env(database_url: str, **extra: str) -> dict[str, str]:
    """The production configuration (DEBUG off, secure cookies) on loopback, with the
    simple static storage (`tests.config.fault_settings`: no collectstatic needed)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_", "REDIS_", "CELERY_", "DEBUG", "SECURE_", "DJANGO_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="tests.config.fault_settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        LOG_LEVEL="WARNING",
        **extra,
    )
    return env


def make_schema(env: dict[str, str], names: list[str], password: str) -> None:
    code = _SCHEMA.format(names=names, password=password)
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        pytest.fail(f"the schema was not made:\n{done.stderr[-2000:]}")


class App:
    """gunicorn serving the app (one worker, so the test talks to one process)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = Path(tempfile.mkstemp(prefix="fault-app-", suffix=".log")[1])
        binary = Path(sys.executable).with_name("gunicorn")
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                [str(binary), "config.wsgi", "--workers", "1", "--bind", f"127.0.0.1:{self.port}"]
                + ["--timeout", "60", "--graceful-timeout", "5"],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        _wait(self._listening, "gunicorn", self.process, seconds=60)

    def _listening(self) -> bool:
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
        except OSError:
            return False
        return True

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def close(self) -> None:
        stop_process(self.process)
        self.log.unlink(missing_ok=True)
