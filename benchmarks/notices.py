"""One cancellation fanned out to 10,000 recipients by real Celery workers, and three faults.

Run from the repository root: ``python benchmarks/notices.py``. Needs PostgreSQL and
Redis; DATABASE_URL and CELERY_BROKER_URL default to
postgres://postgres@127.0.0.1:5432/euchre_bench (created when missing) and
redis://127.0.0.1:6379/15. Workers are ``celery -A config worker`` processes (prefork,
2 processes by default) whose mail and SMS backends render each message as a real one
does and append what they accepted to a log, so a row never delivered is lost, a row
delivered twice is duplicated, even across a killed worker (the processes and backends
are in ``benchmarks/notices_rig.py``). Each run starts from a vacuumed outbox table.

1. Delivery, as quiet as the machine is and under a web load (processes requesting
   pages through Django's full stack back to back), each against the floor measured just
   before and just after it: the same number of processes only building the messages and
   handing them to the same backends, no database and no broker. Delivery must reach
   FLOOR_SHARE (60 %) of the floor's messages/s, timed from the notice's rows written to
   the last message marked sent (its row's sent_at, the moment its worker marked it; the
   floor's processes likewise say when they handed over their last). The rate against
   the absolute TARGET (2,500 messages/s) and the time end to end, rows written and every
   message out, are printed for the record: they depend on the machine, not on delivery.
2. Faults, on a Redis server of the benchmark's own (it is stopped and killed) with a
   ``celery beat`` running the sweep: the broker down when the notice is written, the
   worker killed mid-batch (SIGKILL to all its processes), the broker killed mid-run (its
   queued tasks lost). Each prints the time from the broker or worker coming back until
   every message went out, which must be under a minute.

Exits 1 when a message is lost, duplicated (beyond what a killed worker may resend),
stuck, under FLOOR_SHARE of the floor, or slower than a minute to recover from a fault. The
output says when the machine was busy with other work.
"""

import argparse
import collections
import contextlib
import os
import signal
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.notices_rig import (  # noqa: E402
    BODY,
    LINK,
    SMS_TEXT,
    SUBJECT,
    Bench,
    bench_recipients,
    celery_app,
    floor_part,
    measure_floor,
    wait_until,
    web_load_process,
)

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/euchre_bench"
# Database 15: the test suite's processes take 0-1 and 2 upwards (tests/worker_env.py), and a
# test worker on the same database would consume or purge the benchmark's tasks.
DEFAULT_BROKER = "redis://127.0.0.1:6379/15"
TARGET = 2_500  # messages/s, printed: what a quiet machine of ours gives with room to spare
FLOOR_SHARE = 0.60  # required: delivery at this share of the floor measured in the same run
RECOVERY_LIMIT = 60.0  # seconds


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--recipients", type=int, default=10_000)
    parser.add_argument("--sms-every", type=int, default=4, help="every n-th recipient gets texts")
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes")
    parser.add_argument("--web-load", type=int, default=2, help="page-requesting processes")
    parser.add_argument("--no-faults", action="store_true", help="skip the fault runs")
    parser.add_argument("--faults-only", action="store_true", help="only the fault runs")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--web-load-process", help=argparse.SUPPRESS)  # internal
    parser.add_argument("--floor-part", help=argparse.SUPPRESS)  # internal
    return parser.parse_args()


def _environment() -> None:
    env = os.environ
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    env.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    env.setdefault("DATABASE_URL", DEFAULT_DATABASE)
    env.setdefault("CELERY_BROKER_URL", DEFAULT_BROKER)
    env.update(
        CELERY_TASK_ALWAYS_EAGER="0",
        EMAIL_BACKEND="benchmarks.notices_rig.RecordingEmailBackend",
        SMS_BACKEND="benchmarks.notices_rig.RecordingSmsBackend",
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="testserver",
    )
    env.setdefault("LOG_LEVEL", "WARNING")


def _create_database() -> None:
    url = urlparse(os.environ["DATABASE_URL"])
    if not url.scheme.startswith("postgres"):
        raise SystemExit("DATABASE_URL must name a PostgreSQL database.")
    import psycopg

    name, admin = url.path.lstrip("/"), url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        if not connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [name]
        ).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')


def _send(rows_of, label: str):  # type: ignore[no-untyped-def]
    from notices.models import Notice
    from notices.services import notice_send

    return notice_send(
        kind=Notice.Kind.CANCELLATION,
        subject=SUBJECT,
        body=BODY,
        sms_text=SMS_TEXT,
        recipients=rows_of,
        link=LINK,
        key=f"benchmark:{label}:{time.time_ns()}",
    )


def _vacuum() -> None:
    """Start each run from a clean outbox table: the runs before updated every row twice,
    and a server may run without autovacuum (test servers often do)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE notices_outboxmessage")


def _settled(notice) -> bool:  # type: ignore[no-untyped-def]
    return not notice.messages.filter(status__in=["pending", "sending"]).exists()


def _accepted(log: Path) -> int:
    return sum(part.read_bytes().count(b"\n") for part in log.glob("*.log"))


def _count(notice, log: Path) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """(lost, duplicated, not sent) of the notice's rows, from what the backends accepted."""
    accepted = collections.Counter(
        line for part in log.glob("*.log") for line in part.read_text().splitlines()
    )
    rows = notice.messages.values_list("pk", "channel", "address", "status")
    seen = [accepted[f"email {pk}" if ch == "email" else f"sms {a}"] for pk, ch, a, _ in rows]
    unsent = sum(1 for *_, status in rows if status != "sent")
    return seen.count(0), sum(n - 1 for n in seen if n > 1), unsent


def _last_sent(notice) -> float:  # type: ignore[no-untyped-def]
    """When the notice's last message was marked sent (a Unix time)."""
    from django.db.models import Max

    return notice.messages.aggregate(last=Max("sent_at"))["last"].timestamp()


def _deliver(bench: Bench, people: list, label: str, broker: str) -> float:
    """One notice through a fresh worker, between two measures of the floor (the machine's
    load drifts); prints and checks its throughput against their mean."""
    _vacuum()
    before = measure_floor(bench, f"{label}-before")
    log = bench.dir / label
    celery_app(broker).control.purge()
    worker = bench.worker(broker, log)
    written = time.time()
    notice = _send(people, label)
    began = time.time()
    with contextlib.suppress(SystemExit):
        wait_until(lambda: _settled(notice), bench.args.timeout)
    # Up to the last mark, not to when the poll above saw it (up to 0.1 s later).
    seconds = _last_sent(notice) - began if _settled(notice) else time.time() - began
    time.sleep(1.0)  # a late duplicate would show up here
    bench.stop(worker)
    after = measure_floor(bench, f"{label}-after")
    floor = (before + after) / 2
    lost, duplicated, unsent = _count(notice, log)
    count = notice.messages.count()
    rate, required = count / seconds, FLOOR_SHARE * floor
    end_to_end = seconds + began - written
    verdict = "ok" if rate >= required else "MISSED"
    print(
        f"  {label}: {count} messages written in {began - written:.2f} s, delivered in "
        f"{seconds:.2f} s: {rate:,.0f} messages/s against a floor of {floor:,.0f} "
        f"({before:,.0f} before, {after:,.0f} after): {rate / floor:.0%} of it, "
        f"{FLOOR_SHARE:.0%} required {verdict}; lost {lost}, duplicated {duplicated}, "
        f"not sent {unsent}\n    (end to end {end_to_end:.2f} s; {TARGET:,} messages/s "
        f"{'reached' if rate >= TARGET else 'not reached'})"
    )
    if lost or duplicated or unsent or rate < required:
        bench.failures.append(label)
    notice.delete()  # what it left must not reach the next run's sweep
    return rate


def _fault(bench: Bench, people: list, name: str, port: int) -> None:
    """One fault on the benchmark's own Redis; prints the time to recovery."""
    import logging

    from notices.delivery import SLICE_SIZE

    _vacuum()

    broker, log = f"redis://127.0.0.1:{port}/0", bench.dir / name
    redis = bench.redis(port)
    beat, worker = bench.beat(broker), bench.worker(broker, log)
    notice = None
    if name == "broker outage":
        bench.stop(redis)
        logging.getLogger("notices.services").setLevel(logging.CRITICAL)  # it says so, loudly
        notice = _send(people, name)  # committed; queuing it fails
        logging.getLogger("notices.services").setLevel(logging.WARNING)
        time.sleep(10)
        back = time.perf_counter()
        redis = bench.redis(port)
    else:
        notice = _send(people, name)
        # A quarter accepted by the backends (as the log says: the rows' marks may lag).
        quarter = notice.messages.count() // 4
        wait_until(lambda: _accepted(log) > quarter, 120)
        if name == "worker killed":
            bench.stop(worker, signal.SIGKILL)
            time.sleep(2)
            back = time.perf_counter()
            worker = bench.worker(broker, log)
        else:
            bench.stop(redis, signal.SIGKILL)
            time.sleep(5)
            back = time.perf_counter()
            redis = bench.redis(port)
    stuck = notice.messages.exclude(status="sent").count()
    with contextlib.suppress(SystemExit):
        wait_until(lambda: _settled(notice), bench.args.timeout)
    recovery = time.perf_counter() - back
    time.sleep(1.0)
    for process in (worker, beat, redis):
        bench.stop(process)
    lost, duplicated, unsent = _count(notice, log)
    # What a killed worker's processes had handed over and not yet marked sent: a slice each.
    allowed = SLICE_SIZE * bench.args.concurrency if name == "worker killed" else 0
    ok = recovery <= RECOVERY_LIMIT and not lost and not unsent and duplicated <= allowed
    print(
        f"  {name}: {stuck} of {notice.messages.count()} messages waiting when it came back, "
        f"all out {recovery:.1f} s later (limit {RECOVERY_LIMIT:.0f} s); lost {lost}, "
        f"duplicated {duplicated} (at most {allowed}), not sent {unsent} {'ok' if ok else 'MISSED'}"
    )
    if not ok:
        bench.failures.append(name)
    notice.delete()


def _busy(label: str) -> None:
    cores, load = os.cpu_count() or 1, os.getloadavg()[0]
    busy = load >= cores / 2
    state = "BUSY with other work" if busy else "quiet"
    print(f"machine {label}: {cores} cores, load average {load:.1f} ({state})")


def main() -> int:
    args = _arguments()
    _environment()
    if args.web_load_process:
        web_load_process(args.web_load_process)
        return 0
    if args.floor_part:
        floor_part(args)
        return 0
    _busy("before the run")
    _create_database()
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from notices.models import Notice

    Notice.objects.filter(key__startswith="benchmark:").delete()
    people = bench_recipients(args)
    bench, broker = Bench(args), os.environ["CELERY_BROKER_URL"]
    print(f"notices: 1 notice to {args.recipients} recipients, {args.concurrency} worker processes")
    try:
        if not args.faults_only:
            _deliver(bench, people, "delivery", broker)
        if args.web_load and not args.faults_only:
            with bench.web_load() as served:
                _deliver(bench, people, f"under a web load of {args.web_load}", broker)
            print(f"  (the web load served {served['pages/s']:,.0f} pages/s meanwhile)")
        if not args.no_faults:
            print("faults (the benchmark's own Redis, a celery beat running the sweep):")
            with socket.socket() as free:
                free.bind(("127.0.0.1", 0))
                port = free.getsockname()[1]
            for name in ("broker outage", "worker killed", "broker dies"):
                _fault(bench, people, name, port)
    except SystemExit:
        bench.tails()
        raise
    finally:
        if bench.failures:
            bench.tails()
        bench.close()
    _busy("after the run")
    print("all targets met" if not bench.failures else f"MISSED: {', '.join(bench.failures)}")
    return 1 if bench.failures else 0


if __name__ == "__main__":
    sys.exit(main())
