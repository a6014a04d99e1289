"""The files of `deploy/` as the rehearsal (`benchmarks/cluster.py`) uses them: the
environment example with the rehearsal's own addresses laid over it, each systemd unit's
`ExecStart` turned into the command a host runs, and the nginx site pointed at the
rehearsal's web hosts and certificate. Nothing here runs a process.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
INSTALL_DIR = "/srv/euchre"  # where the units and the example expect the code
UPSTREAM_LINE = re.compile(r"^(\s*server\s+)(\S+?):(\d+)(.*)$")


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines as systemd's EnvironmentFile= and deploy/release.sh read them (the
    example uses neither quotes nor expansions, which the two would read differently)."""
    values: dict[str, str] = {}
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep or not re.fullmatch(r"[A-Z_][A-Z0-9_]*", key):
            raise ValueError(f"{path.name} line {number} is not KEY=value: {raw!r}")
        if any(c in value for c in "\"'$`\\"):
            raise ValueError(f"{path.name} line {number}: quotes or $ read differently")
        values[key] = value
    return values


def environment(overrides: dict[str, str]) -> dict[str, str]:
    """The example's environment with the rehearsal's addresses and backends over it; every
    key overridden must be one the example sets or a rehearsal-only one listed here."""
    example = read_env_file(DEPLOY / "euchre.env.example")
    extra = {"SECURE_SSL_REDIRECT", "NOTICES_BENCH_LOG", "API_TOKEN_RATE_PER_MINUTE"}
    unknown = set(overrides) - set(example) - extra
    if unknown:
        raise ValueError(f"not in deploy/euchre.env.example: {sorted(unknown)}")
    return {**example, **overrides}


def write_env_file(values: dict[str, str], path: Path) -> Path:
    path.write_text("".join(f"{key}={value}\n" for key, value in values.items()))
    return path


def unit_command(unit: str, env: dict[str, str], host_name: str) -> list[str]:
    """`deploy/systemd/<unit>`'s ExecStart as systemd would run it from the environment file:
    ${VAR} expanded, %% and %H specifiers, the install folder being this checkout."""
    text = (DEPLOY / "systemd" / unit).read_text()
    starts = [line.split("=", 1)[1] for line in text.splitlines() if line.startswith("ExecStart=")]
    if len(starts) != 1:
        raise ValueError(f"{unit} must have one ExecStart=")
    line = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], starts[0])
    line = line.replace("%H", host_name).replace("%%", "%")
    line = line.replace(f"{INSTALL_DIR}/.venv", str(ROOT / ".venv")).replace(INSTALL_DIR, str(ROOT))
    return shlex.split(line)


def unit_directory(unit: str) -> Path:
    text = (DEPLOY / "systemd" / unit).read_text()
    folder = re.search(r"^WorkingDirectory=(.+)$", text, re.M)
    return Path(folder.group(1).replace(INSTALL_DIR, str(ROOT))) if folder else ROOT


def upstreams(addresses: list[str]) -> str:
    """deploy/nginx/upstreams.conf with its example hosts replaced by `addresses`, keeping
    each line's port and parameters (the same number of hosts as the example)."""
    lines = (DEPLOY / "nginx" / "upstreams.conf").read_text().splitlines()
    hosts = iter(addresses)
    out = []
    for line in lines:
        found = UPSTREAM_LINE.match(line)
        out.append(f"{found[1]}{next(hosts)}:{found[3]}{found[4]}" if found else line)
    if next(hosts, None) is not None:
        raise ValueError("upstreams.conf lists fewer hosts than the rehearsal has")
    return "\n".join(out) + "\n"


def nginx_site(folder: Path) -> str:
    """deploy/nginx/euchre.conf with its paths moved into `folder` (upstreams, certificate,
    logs): the site as shipped, otherwise."""
    site = (DEPLOY / "nginx" / "euchre.conf").read_text()
    site = site.replace("/etc/nginx/euchre/", f"{folder}/")
    site = site.replace("/etc/ssl/euchre/", f"{folder}/")
    return site.replace("/var/log/nginx/", f"{folder}/")


def nginx_main(folder: Path, site: Path) -> str:
    """A main configuration around the site, as Debian's /etc/nginx/nginx.conf includes
    sites-enabled/ (its own pid file and logs, so it runs beside any other nginx)."""
    return (
        f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\n"
        "events { worker_connections 1024; }\n"
        "http {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n"
        f"  access_log off;\n  client_body_temp_path {folder}/body;\n"
        f"  proxy_temp_path {folder}/proxy;\n  include {site};\n}}\n"
    )
