"""A league night on several hosts, with a web host and a worker host lost mid-night.

Run as root from the repository root: ``python benchmarks/cluster.py [--short]``. It needs
iproute2, nginx (Debian's nginx-light), PostgreSQL's server binaries, redis-server, openssl,
psql and wrk. Everything runs on hosts of its own (`benchmarks.cluster_net`: a network
namespace each, on a bridge of the run's own, removed at the end):

    lb      nginx with deploy/nginx/euchre.conf, HTTPS, the two web hosts upstream
    web1/2  gunicorn from deploy/systemd/euchre-web.service and deploy/gunicorn.conf.py
    work1/2 Celery workers from deploy/systemd/euchre-worker.service
    beat    Celery beat from deploy/systemd/euchre-beat.service (exactly one)
    db, redis  a PostgreSQL and a Redis of the run's own

every one under deploy/euchre.env.example's environment with the run's addresses laid
over it, after deploy/release.sh (migrate, collectstatic, check --deploy). The clients run
in the machine's own namespace and talk only to those addresses.

The night: a 500-team season (5 levels of 100, 19 weeks played) and tonight's 250
fixtures. Over a few minutes each home captain submits the card and the away captain
confirms it over HTTPS with the phone's Idempotency-Key and retries
(`benchmarks.cluster_night`), while readers load the public standings, schedule and the
sign-in page; the manager cancels next week's night (2,000 players, by email and text for
those who take texts). A quarter of the way in, one worker host is lost (every process on it
killed with SIGKILL) while the cancellation goes out; at a third, one web host; each comes
back later. Then a signed-in session started on one host is continued on the other, and
wrk measures the standings page through the load balancer with two web hosts and with one.

It prints cards submitted, confirmed, lost and doubled; the requests that failed as a user
saw them (each then retried until answered); notices lost and doubled (against the bound
docs/notices.md gives for a killed worker); the medians and 99th percentiles of card
submission and the public pages against the sign-in page in the same run; how long
traffic took to leave the dead web host; the throughput ratio. ``--short`` is the same
rehearsal with 40 teams and a 40-second night, for CI. Exits 1 when a figure is off.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import cluster_hosts as hosts  # noqa: E402
from benchmarks.cluster_checks import (  # noqa: E402
    access_log,
    failover,
    outbox_left,
    post_form,
    session_crosses_hosts,
    sign_in,
    tls_context,
    wrk_rate,
)
from benchmarks.cluster_deploy import ROOT, environment, write_env_file  # noqa: E402
from benchmarks.cluster_net import Network  # noqa: E402
from benchmarks.cluster_night import Browser, Recorder, captains, readers  # noqa: E402
from benchmarks.cluster_report import report  # noqa: E402

SIZES = {
    "full": {"levels": 5, "teams": 100, "weeks": 19, "night": 180, "wrk": 10},
    "short": {"levels": 2, "teams": 20, "weeks": 4, "night": 40, "wrk": 3},
}
HOSTS = {"lb": 10, "web1": 11, "web2": 12, "work1": 21, "work2": 22, "beat": 30}
NEEDED = ("ip", "nginx", "redis-server", "openssl", "psql", "wrk", "runuser")


def preflight() -> None:
    if os.geteuid() != 0:
        raise SystemExit("Run as root: the rehearsal makes network namespaces.")
    missing = [tool for tool in NEEDED if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"Missing: {', '.join(missing)} (Debian: nginx-light wrk iproute2).")


def start(net: Network, size: dict) -> dict:
    """Every host up, the season built; returns what the night needs."""
    database = hosts.postgres(net, net.add("db", 40))
    broker = hosts.redis(net, net.add("redis", 41))
    for name, number in HOSTS.items():
        net.add(name, number)
    lb = net.hosts["lb"]
    delivered = net.folder / "delivered"
    delivered.mkdir()
    env = environment(
        {
            "SECRET_KEY": secrets.token_urlsafe(40),
            "ALLOWED_HOSTS": hosts.SITE_HOST,
            "CSRF_TRUSTED_ORIGINS": f"https://{hosts.SITE_HOST}",
            "SITE_URL": f"https://{hosts.SITE_HOST}",
            "DATABASE_URL": database,
            "REDIS_URL": f"{broker}/1",
            "CELERY_BROKER_URL": f"{broker}/0",
            "CELERY_RESULT_BACKEND": f"{broker}/0",
            "STATIC_ROOT": str(net.folder / "staticfiles"),
            "FORWARDED_ALLOW_IPS": lb.address,
            "LOG_LEVEL": "WARNING",
            # What the providers accepted, one line a message (benchmarks.notices_rig).
            "EMAIL_BACKEND": "benchmarks.notices_rig.RecordingEmailBackend",
            "SMS_BACKEND": "benchmarks.notices_rig.RecordingSmsBackend",
            "NOTICES_BENCH_LOG": str(delivered),
            # 500 captains behind one address: the script's writes are not what is tested.
            "API_TOKEN_RATE_PER_MINUTE": "600",
        }
    )
    env_file = write_env_file(env, net.folder / "euchre.env")
    began = time.monotonic()
    hosts.release(env_file, net.folder / "release.log")
    print(f"release (migrate, collectstatic, check --deploy): {time.monotonic() - began:.0f} s")
    night_file = net.folder / "night.json"
    build = [sys.executable, str(ROOT / "benchmarks" / "cluster_build.py"), str(night_file)]
    build += ["--levels", str(size["levels"]), "--teams-per-level", str(size["teams"])]
    build += ["--weeks", str(size["weeks"])]
    built = subprocess.run(build, env={**os.environ, **env}, capture_output=True, text=True)
    if built.returncode:
        raise SystemExit(f"building the season failed:\n{built.stdout}{built.stderr}")
    print(built.stdout.strip())
    lb_folder = net.folder / "lb"
    lb_folder.mkdir()
    certificate = hosts.certificate(lb_folder)
    main = hosts.nginx_config(lb_folder, [net.hosts["web1"].address, net.hosts["web2"].address])
    hosts.nginx(net, lb, main)
    for name in ("web1", "web2"):
        hosts.web(net, net.hosts[name], env, processes=2)
    for name in ("work1", "work2"):
        hosts.unit(net, net.hosts[name], "euchre-worker.service", env)
    hosts.unit(net, net.hosts["beat"], "euchre-beat.service", env)
    return {
        "env": env,
        "night": json.loads(night_file.read_text()),
        "tls": tls_context(certificate),
        "log": lb_folder / "euchre.access.log",
        "delivered": delivered,
    }


def night(net: Network, size: dict, run: dict) -> dict:
    """The night's peak with its faults; returns what happened, for the report."""
    lb, web2, work2 = net.hosts["lb"], net.hosts["web2"], net.hosts["work2"]
    plan, tls, env = run["night"], run["tls"], run["env"]
    seconds = size["night"]
    recorder, stop = Recorder(), threading.Event()
    manager = Browser(lb.address, hosts.SITE_HOST, tls)
    if not sign_in(manager, plan["manager"]["username"], plan["manager"]["password"]):
        raise SystemExit("The manager could not sign in through the load balancer.")
    for path in plan["pages"].values():  # warm: the first visit builds what pages keep
        Browser(lb.address, hosts.SITE_HOST, tls).request("GET", path)
    events: dict = {"began": time.time()}
    reading = readers(
        plan["pages"],
        address=lb.address,
        host=hosts.SITE_HOST,
        tls=tls,
        recorder=recorder,
        stop=stop,
    )
    results: list = []
    entering = threading.Thread(
        target=lambda: results.extend(
            captains(
                plan["fixtures"],
                address=lb.address,
                host=hosts.SITE_HOST,
                tls=tls,
                recorder=recorder,
                seconds=seconds,
            )
        )
    )
    entering.start()

    def at(share: float) -> None:
        time.sleep(max(0.0, events["began"] + share * seconds - time.time()))

    at(0.2)
    cancel = plan["cancel"]
    fields = {"date": cancel["date"], "scope": "night", "reason": "weather"}
    fields |= {"details": "Ice storm: every fixture is off.", "confirm": "1"}
    events["cancel_status"] = post_form(manager, cancel["path"], fields)
    events["cancelled"] = time.time()
    _wait_for_deliveries(run["delivered"], 5.0)
    events["worker_lost"] = net.lose(work2)
    at(0.33)
    events["web_lost"] = net.lose(web2)
    at(0.6)
    hosts.web(net, web2, env, processes=2)
    events["web_back"] = time.time()
    at(0.66)
    hosts.unit(net, work2, "euchre-worker.service", env)
    events["worker_back"] = time.time()
    entering.join()
    events["cards_done"] = time.time()
    stop.set()
    for thread in reading:
        thread.join()
    events["drained_after"] = _drain(env["DATABASE_URL"], events["cancelled"])
    events["session"] = session_crosses_hosts(manager, run["log"])
    events["failover"] = failover(
        access_log(run["log"]), web2.address, events["web_lost"], events["web_back"]
    )
    return {"recorder": recorder, "results": results, "events": events}


def _wait_for_deliveries(folder: Path, seconds: float) -> None:
    """Until the workers have handed some of the cancellation over (the kill lands mid-way)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if sum(f.stat().st_size for f in folder.glob("*.log")) > 2_000:
            return
        time.sleep(0.02)


def _drain(database: str, since: float, seconds: float = 300) -> float:
    """Seconds from the cancellation until the outbox is empty (the sweep sends what the lost
    worker held once its lease runs out)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if outbox_left(database) == 0:
            return time.time() - since
        time.sleep(1)
    return float("nan")


def throughput(net: Network, path: str, seconds: int) -> dict:
    """The standings page's rate through the load balancer with both web hosts, then one."""
    lb = net.hosts["lb"].address
    two = wrk_rate(lb, path, seconds)
    net.stop(net.hosts["web2"])
    time.sleep(1)
    one = wrk_rate(lb, path, seconds)
    return {"two": two, "one": one}


def count(run: dict, folder: Path) -> dict:
    counted = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "cluster_count.py")]
        + [str(folder / "night.json"), str(run["delivered"])],
        env={**os.environ, **run["env"]},
        capture_output=True,
        text=True,
    )
    if counted.returncode:
        raise SystemExit(f"counting failed:\n{counted.stderr}")
    return json.loads(counted.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="CI's short form")
    parser.add_argument("--keep", action="store_true", help="keep the run's folder (logs)")
    args = parser.parse_args()
    preflight()
    size = SIZES["short" if args.short else "full"]
    folder = Path(tempfile.mkdtemp(prefix="euchre-cluster-"))
    folder.chmod(0o755)  # the database host's postgres user reads its folder in here
    load = os.getloadavg()[0]
    net = Network(folder)
    try:
        run = start(net, size)
        happened = night(net, size, run)
        happened["throughput"] = throughput(net, run["night"]["pages"]["standings"], size["wrk"])
        happened["counts"] = count(run, folder)
        happened["load"] = (load, os.getloadavg()[0])
        happened["concurrency"] = run["env"]["CELERY_CONCURRENCY"]
        return report(run["night"], happened)
    finally:
        net.close()
        if args.keep:
            print(f"logs kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
