import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 30 + "production-like-secret-key-0123456789-abcdefghijklmnop",
    "ALLOWED_HOSTS": "euchre.example.com",
    "SITE_URL": "https://euchre.example.com",
    "DATABASE_URL": "sqlite://:memory:",
}


# Set by the test environment (e.g. the browser tests), never in production.
SCRUBBED = {"DEBUG", "SECRET_KEY", "SECURE_SSL_REDIRECT", "DJANGO_ALLOW_ASYNC_UNSAFE"}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deploy_check_passes_with_production_variables():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_a_missing_secret_key_stops_a_production_start():
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_debug_mode_runs_without_a_secret_key():
    result = _manage("check", env={"DEBUG": "1", "SECRET_KEY": ""})
    assert result.returncode == 0, result.stderr


def test_the_deploy_check_asks_for_the_site_address_used_in_notices():
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "SITE_URL"}
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "notices.W001" in result.stderr + result.stdout


PROBE = (
    "import time; from config.health import database_answers; start = time.monotonic(); "
    "print(database_answers(), time.monotonic() - start)"
)


def test_a_database_host_that_accepts_but_never_answers_fails_the_probe_in_its_timeout():
    # A listener that never accepts: the kernel completes the handshake, nothing replies.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"postgres://nobody@127.0.0.1:{silent.getsockname()[1]}/euchre"
        env = {**PRODUCTION_ENV, "DATABASE_URL": url, "DB_CONNECT_TIMEOUT": "2"}
        result = _manage("shell", "-c", PROBE, env=env)
    answered, seconds = result.stdout.split()[-2:]  # after what the shell may print
    assert answered == "False", result.stderr
    assert 1.5 < float(seconds) < 30  # libpq's own timeout, not the system's minutes
