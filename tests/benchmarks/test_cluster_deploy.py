"""deploy/'s files as the rehearsal reads them: the environment example, the units' commands,
the nginx site with the rehearsal's hosts (checked by `nginx -t`) and gunicorn's settings."""

import runpy
import shutil
import subprocess

import pytest

from benchmarks.cluster_deploy import (
    DEPLOY,
    ROOT,
    environment,
    nginx_main,
    nginx_site,
    read_env_file,
    unit_command,
    upstreams,
)
from tests.config.own_services import cannot_start


def test_the_environment_example_reads_the_same_way_in_systemd_and_the_release_script(tmp_path):
    values = read_env_file(DEPLOY / "euchre.env.example")
    assert values["TRUSTED_PROXY_COUNT"] == "1"
    assert values["DEFAULT_FROM_EMAIL"] == "Euchre League <league@euchre.example.com>"
    # The release script exports exactly these values.
    env_file = tmp_path / "euchre.env"
    env_file.write_text((DEPLOY / "euchre.env.example").read_text())
    script = (DEPLOY / "release.sh").read_text()
    reader = script[script.index('if [ -f "$env_file" ]') : script.index("\nfi\n") + 4]
    printed = subprocess.run(
        ["sh", "-c", f'env_file="$1"\n{reader}\nenv', "sh", str(env_file)],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin"},
    ).stdout.splitlines()
    exported = dict(line.split("=", 1) for line in printed if line.split("=", 1)[0] in values)
    assert exported == values


def test_an_environment_line_with_quotes_or_dollars_is_refused(tmp_path):
    env_file = tmp_path / "bad.env"
    env_file.write_text('SECRET_KEY="quoted"\n')
    with pytest.raises(ValueError, match="quotes or \\$"):
        read_env_file(env_file)


def test_an_override_the_example_does_not_know_is_refused():
    with pytest.raises(ValueError, match="not in deploy/euchre.env.example"):
        environment({"DATABASE_ULR": "postgres://typo"})


@pytest.mark.parametrize(
    ("unit", "program", "expected"),
    [
        ("euchre-web.service", "gunicorn", ["--config", "deploy/gunicorn.conf.py", "config.wsgi"]),
        ("euchre-worker.service", "celery", ["-A", "config", "worker", "--concurrency=2"]),
        ("euchre-beat.service", "celery", ["-A", "config", "beat"]),
    ],
)
def test_each_unit_runs_the_virtualenvs_program_with_the_environment_filled_in(
    unit, program, expected
):
    env = environment({})
    command = unit_command(unit, env, "work1")
    assert command[0] == str(ROOT / ".venv" / "bin" / program)
    assert all(part in command for part in expected)
    if program == "celery" and "worker" in command:
        assert "--hostname=worker@%h" in command  # systemd's %% is one %


def test_the_upstreams_keep_their_parameters_with_the_rehearsals_addresses():
    rendered = upstreams(["10.1.1.11", "10.1.1.12"])
    assert "server 10.1.1.11:8000 max_fails=1 fail_timeout=10s;" in rendered
    assert "server 10.1.1.12:8000 max_fails=1 fail_timeout=10s;" in rendered
    with pytest.raises(StopIteration):
        upstreams(["10.1.1.11"])  # fewer hosts than the example lists
    with pytest.raises(ValueError, match="fewer hosts"):
        upstreams(["10.1.1.11", "10.1.1.12", "10.1.1.13"])


def test_the_site_retries_only_what_never_reached_a_dead_host(tmp_path):
    site = nginx_site(tmp_path)
    assert "proxy_next_upstream error timeout;" in site
    assert "non_idempotent" not in site  # a POST that reached a host is never resent
    directives = [line for line in site.splitlines() if not line.lstrip().startswith("#")]
    assert not [line for line in directives if "/etc/" in line or "/var/" in line]
    assert f"include {tmp_path}/upstreams.conf;" in site


def test_nginx_accepts_the_site(tmp_path):
    if shutil.which("nginx") is None or shutil.which("openssl") is None:
        cannot_start("nginx is not installed (Debian: nginx-light)")  # CI fails, never skips
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=test", "-keyout", str(tmp_path / "privkey.pem")]
        + ["-out", str(tmp_path / "fullchain.pem")],
        check=True,
        capture_output=True,
    )
    (tmp_path / "upstreams.conf").write_text(upstreams(["127.0.0.1", "127.0.0.2"]))
    site = tmp_path / "euchre.conf"
    site.write_text(nginx_site(tmp_path))
    main = tmp_path / "nginx.conf"
    main.write_text(nginx_main(tmp_path, site))
    checked = subprocess.run(["nginx", "-t", "-c", str(main)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_gunicorns_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("GUNICORN_BIND", "10.0.0.11:8000")
    monkeypatch.setenv("WEB_CONCURRENCY", "5")
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.10")
    settings = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    assert (settings["bind"], settings["workers"]) == ("10.0.0.11:8000", 5)
    assert settings["forwarded_allow_ips"] == "10.0.0.10"
    assert settings["timeout"] > 0 and settings["graceful_timeout"] > 0


def test_every_file_in_deploy_is_used_by_the_rehearsal():
    """Each file is named by the rehearsal's code or by a unit it starts."""
    sources = [*(ROOT / "benchmarks").glob("cluster*.py"), *DEPLOY.glob("systemd/*.service")]
    text = "".join(path.read_text() for path in sources)
    for path in DEPLOY.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            assert path.name in text, f"deploy/{path.relative_to(DEPLOY)} is run by nothing"
