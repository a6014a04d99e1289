"""The rehearsal's servers on their hosts (`benchmarks.cluster_net`): a PostgreSQL and a
Redis of its own, nginx with deploy/'s site, and the web, worker and beat hosts started
from deploy/'s systemd units and environment file (`benchmarks.cluster_deploy`)."""

from __future__ import annotations

import glob
import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.cluster_deploy import (
    ROOT,
    nginx_main,
    nginx_site,
    unit_command,
    unit_directory,
    upstreams,
)
from benchmarks.cluster_net import Host, Network

SITE_HOST = "euchre.rehearsal"  # the Host every request names (ALLOWED_HOSTS)


def wait_until(ready: Callable[[], bool], seconds: float, what: str, log: Path) -> float:
    """Seconds until `ready()`; stops the run with the log's tail when it never is."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if ready():
            return time.monotonic() - began
        time.sleep(0.1)
    tail = log.read_text(errors="replace").splitlines()[-30:] if log.exists() else []
    raise SystemExit(f"{what} not ready within {seconds:.0f} s:\n" + "\n".join(tail))


def listening(address: str, port: int) -> bool:
    try:
        socket.create_connection((address, port), timeout=0.5).close()
    except OSError:
        return False
    return True


def healthy(address: str, port: int = 8000) -> bool:
    """The web host's /healthz says the database answers (the load balancer's probe)."""
    try:
        connection = http.client.HTTPConnection(address, port, timeout=2)
        connection.request("GET", "/healthz", headers={"Host": SITE_HOST})
        status = connection.getresponse().status
        connection.close()
    except OSError:
        return False
    return status == 200


def postgres(net: Network, host: Host) -> str:
    """A PostgreSQL cluster of the run's own on `host`; returns its database URL."""
    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    if not binaries:
        raise SystemExit("PostgreSQL's server binaries are missing (Debian: postgresql).")
    bin_dir = Path(binaries[-1]).parent
    data = net.folder / "pg"
    data.mkdir(mode=0o700)
    shutil.chown(data, "postgres", "postgres")
    subprocess.run(
        ["runuser", "-u", "postgres", "--", str(bin_dir / "initdb"), "-D", str(data)]
        + ["-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
        check=True,
        capture_output=True,
    )
    # The rehearsal's hosts reach it over its bridge: trusted, as the machine's own server is.
    with open(data / "pg_hba.conf", "a") as hba:
        hba.write(f"host all all {host.address.rsplit('.', 1)[0]}.0/24 trust\n")
    settings = {
        "listen_addresses": host.address,
        "port": "5432",
        "unix_socket_directories": str(data),
        "max_connections": "200",
        "shared_buffers": "256MB",
    }
    command = [str(bin_dir / "postgres"), "-D", str(data)]
    for key, value in settings.items():
        command += ["-c", f"{key}={value}"]
    net.run(host, command, log="db", user="postgres")
    wait_until(
        lambda: subprocess.run(["pg_isready", "-qh", host.address]).returncode == 0,
        30,
        "PostgreSQL",
        net.folder / "db.log",
    )
    subprocess.run(
        ["psql", "-h", host.address, "-U", "postgres", "-qc", "CREATE DATABASE euchre"],
        check=True,
        capture_output=True,
    )
    return f"postgres://postgres@{host.address}:5432/euchre"


def redis(net: Network, host: Host) -> str:
    command = ["redis-server", "--bind", host.address, "--port", "6379", "--save", ""]
    command += ["--appendonly", "no", "--protected-mode", "no", "--dir", str(net.folder)]
    net.run(host, command, log="redis")
    wait_until(lambda: listening(host.address, 6379), 15, "Redis", net.folder / "redis.log")
    return f"redis://{host.address}:6379"


def certificate(folder: Path) -> Path:
    """A self-signed certificate for SITE_HOST (the clients trust exactly this one)."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", f"/CN={SITE_HOST}", "-addext", f"subjectAltName=DNS:{SITE_HOST}"]
        + ["-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem")],
        check=True,
        capture_output=True,
    )
    return folder / "fullchain.pem"


def nginx_config(folder: Path, web_addresses: list[str]) -> Path:
    """deploy/'s site with the web hosts' addresses, checked with `nginx -t`; returns the
    main configuration file."""
    folder.mkdir(exist_ok=True)
    for temp in ("body", "proxy"):
        (folder / temp).mkdir(exist_ok=True)
        (folder / temp).chmod(0o777)  # nginx's workers run as nobody
    (folder / "upstreams.conf").write_text(upstreams(web_addresses))
    site = folder / "euchre.conf"
    site.write_text(nginx_site(folder))
    main = folder / "nginx.conf"
    main.write_text(nginx_main(folder, site))
    checked = subprocess.run(["nginx", "-t", "-c", str(main)], capture_output=True, text=True)
    if checked.returncode:
        raise SystemExit(f"nginx -t refused deploy/nginx/euchre.conf:\n{checked.stderr}")
    return main


def nginx(net: Network, host: Host, main: Path) -> None:
    net.run(host, ["nginx", "-c", str(main), "-g", "daemon off;"], log="lb")
    wait_until(lambda: listening(host.address, 443), 15, "nginx", net.folder / "lb.log")


def unit(net: Network, host: Host, name: str, env: dict[str, str], **extra: str) -> None:
    """`deploy/systemd/<name>` on `host`, under the environment file's values."""
    values = {**env, **extra}
    command = unit_command(name, values, host.name)
    # The units name the install's .venv; a checkout may run another interpreter's.
    if not Path(command[0]).exists():
        command[0] = str(Path(sys.executable).with_name(Path(command[0]).name))
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TZ")}
    net.run(host, command, log=host.name, env={**base, **values}, cwd=unit_directory(name))


def web(net: Network, host: Host, env: dict[str, str], processes: int) -> float:
    unit(
        net,
        host,
        "euchre-web.service",
        env,
        GUNICORN_BIND=f"{host.address}:8000",
        WEB_CONCURRENCY=str(processes),
    )
    return wait_until(lambda: healthy(host.address), 60, host.name, net.folder / f"{host.name}.log")


def release(env_file: Path, log: Path) -> None:
    """deploy/release.sh from the clients' namespace against the rehearsal's database."""
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TZ")}
    done = subprocess.run(
        [str(ROOT / "deploy" / "release.sh"), str(env_file)],
        env={**base, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
    )
    log.write_text(done.stdout + done.stderr)
    if done.returncode:
        raise SystemExit(f"deploy/release.sh failed:\n{done.stdout}{done.stderr}")
