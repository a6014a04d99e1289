"""What the rehearsal reads off its hosts besides the clients' own timings: nginx's access
log (which host served each request, and when traffic left a dead one), a signed-in session
crossing hosts, the outbox draining, and the throughput wrk gets through the load balancer."""

from __future__ import annotations

import re
import ssl
import subprocess
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from benchmarks.cluster_hosts import SITE_HOST
from benchmarks.cluster_night import Browser

LINE = re.compile(
    r'"(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d+) up=(?P<up>.*?) '
    r"up_status=(?P<up_status>.*?) rt=(?P<rt>\S+) urt=.*? msec=(?P<msec>[\d.]+)"
)


@dataclass
class Served:
    method: str
    path: str
    status: int
    upstreams: list[str]  # each host tried, in order ("-" when nginx answered itself)
    ended: float  # time.time() when nginx finished it
    seconds: float


def access_log(path: Path) -> list[Served]:
    served = []
    for line in path.read_text(errors="replace").splitlines():
        found = LINE.search(line)
        if found:
            served.append(
                Served(
                    found["method"],
                    found["path"],
                    int(found["status"]),
                    [u.strip() for u in re.split(r"[,:]\s", found["up"]) if u.strip()],
                    float(found["msec"]),
                    float(found["rt"]),
                )
            )
    return served


def _host_of(upstream: str) -> str:
    return upstream.rsplit(":", 1)[0]


def failover(log: list[Served], dead: str, killed: float, back: float) -> dict:
    """How traffic left the dead host `dead` (an address) between its kill and its return:
    the first request nginx sent on to another host after trying it, the requests it was
    running when killed (they end at the kill), and how many times nginx tried it again."""
    window = [s for s in log if killed <= s.ended < back]
    tried = [s for s in window if any(_host_of(u) == dead for u in s.upstreams)]
    moved = [s for s in tried if len(s.upstreams) > 1 and s.status < 500]
    others = [s for s in window if s.upstreams and _host_of(s.upstreams[-1]) != dead]
    in_flight = [s for s in tried if len(s.upstreams) == 1]
    first = min((s.ended for s in moved + others), default=float("nan"))
    return {
        "moved_after": first - killed,
        "failed_over": len(moved),
        "cut_off": len(in_flight),
        "cut_off_statuses": sorted({s.status for s in in_flight}),
    }


def sign_in(browser: Browser, username: str, password: str) -> bool:
    """The manager signs in through the load balancer, as on the sign-in page."""
    status, _, page = browser.request("GET", "/accounts/login/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if status != 200 or token is None:
        return False
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token[1].decode(), "username": username, "password": password}
    ).encode()
    status, headers, _ = browser.request(
        "POST",
        "/accounts/login/",
        form,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": f"https://{SITE_HOST}",
            "Referer": f"https://{SITE_HOST}/accounts/login/",
        },
    )
    return status == 302 and "sessionid" in browser.cookies


def post_form(browser: Browser, path: str, fields: dict[str, str]) -> int:
    """A staff form posted with the session's CSRF token (from the form's own page)."""
    status, _, page = browser.request("GET", path)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if status != 200 or token is None:
        return status or -1
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token[1].decode(), **fields}).encode()
    status, _, _ = browser.request(
        "POST",
        path,
        body,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": f"https://{SITE_HOST}",
            "Referer": f"https://{SITE_HOST}{path}",
        },
    )
    return status


def session_crosses_hosts(browser: Browser, log_path: Path, tries: int = 20) -> dict:
    """The signed-in session asks for a staff-only page until another host than the one that
    signed it in has answered it: signed in there too (200, not the sign-in page)."""
    log = access_log(log_path)
    logins = [s for s in log if s.method == "POST" and s.path.startswith("/accounts/login/")]
    if not logins:
        return {"crossed": False, "why": "the sign-in is not in the access log"}
    first = _host_of(logins[-1].upstreams[-1])
    for attempt in range(tries):
        probe = f"/api/tokens/?probe={time.time_ns()}-{attempt}"
        status, _, _ = browser.request("GET", probe)
        time.sleep(0.05)
        served = [s for s in access_log(log_path) if s.path == probe]
        if served and _host_of(served[-1].upstreams[-1]) != first:
            return {
                "crossed": status == 200,
                "signed_in_on": first,
                "continued_on": _host_of(served[-1].upstreams[-1]),
                "status": status,
            }
    return {"crossed": False, "why": f"every probe went to {first}"}


def outbox_left(database: str) -> int:
    """Outbox rows not yet sent (or failed for good)."""
    done = subprocess.run(
        [
            "psql",
            database,
            "-Atc",
            "SELECT count(*) FROM notices_outboxmessage WHERE status NOT IN ('sent', 'failed')",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.strip())


def wrk_rate(address: str, path: str, seconds: int) -> float:
    """Requests/s wrk gets for `path` through the load balancer over HTTPS."""
    done = subprocess.run(
        ["wrk", "-t2", "-c8", f"-d{seconds}s", "-H", f"Host: {SITE_HOST}"]
        + [f"https://{address}{path}"],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Requests/sec:\s+([\d.]+)", done.stdout)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", done.stdout)
    if found is None or errors:
        raise SystemExit(f"wrk through the load balancer failed:\n{done.stdout}{done.stderr}")
    return float(found[1])


def tls_context(certificate: Path) -> ssl.SSLContext:
    """Trusts exactly the rehearsal's certificate; the address is an IP, the name is checked
    by the certificate's own pinning instead."""
    context = ssl.create_default_context(cafile=str(certificate))
    context.check_hostname = False
    return context
