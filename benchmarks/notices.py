"""One cancellation fanned out to 10,000 recipients through a real Celery worker.

Run from the repository root: ``python benchmarks/notices.py``. Needs PostgreSQL
and Redis; DATABASE_URL and CELERY_BROKER_URL default to
postgres://postgres@127.0.0.1:5432/euchre_bench (created when missing) and
redis://127.0.0.1:6379/2. Mail and texts go to the locmem backends, so every
delivery can be counted: a row never delivered is lost, a row delivered twice
is duplicated. Exits 1 unless both are 0 and every row ends sent.
"""

import argparse
import collections
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/euchre_bench"
DEFAULT_BROKER = "redis://127.0.0.1:6379/2"


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--recipients", type=int, default=10_000)
    parser.add_argument("--sms-every", type=int, default=4, help="every n-th recipient gets texts")
    parser.add_argument(
        "--concurrency", type=int, default=os.cpu_count() or 2, help="worker processes"
    )
    parser.add_argument("--timeout", type=float, default=600.0)
    # Internal: run as the Celery worker, dumping what the locmem backends received.
    parser.add_argument("--worker-dump-dir", help=argparse.SUPPRESS)
    return parser.parse_args()


def _environment() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-a-secret")
    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE)
    os.environ.setdefault("CELERY_BROKER_URL", DEFAULT_BROKER)
    os.environ.setdefault("CELERY_RESULT_BACKEND", os.environ["CELERY_BROKER_URL"])
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    os.environ.setdefault("LOG_LEVEL", "WARNING")


def _create_database() -> None:
    """Create the PostgreSQL database named in DATABASE_URL when it doesn't exist yet."""
    url = urlparse(os.environ["DATABASE_URL"])
    if not url.scheme.startswith("postgres"):
        return
    import psycopg

    name = url.path.lstrip("/")
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if exists.fetchone() is None:
            connection.execute(f'CREATE DATABASE "{name}"')


def _set_up_django(*, migrate: bool) -> None:
    import django
    from django.conf import settings

    django.setup()
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    settings.SMS_BACKEND = "sms.backends.locmem.SmsBackend"
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)


def _run_worker(dump_dir: str, concurrency: int) -> None:
    """The worker process: prefork children each dump what they delivered when they stop."""
    import sms
    from celery.signals import worker_process_shutdown
    from django.core import mail

    from config.celery import app

    @worker_process_shutdown.connect
    def dump(**kwargs: object) -> None:
        delivered = {
            "email": [int(m.extra_headers["X-Outbox-Message-Id"]) for m in mail.outbox],
            "sms": [phone for text in getattr(sms, "outbox", []) for phone in text.recipients],
        }
        Path(dump_dir, f"{os.getpid()}.json").write_text(json.dumps(delivered))

    mail.outbox = []
    app.worker_main(
        [
            "worker",
            "--pool=prefork",
            f"--concurrency={concurrency}",
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
    )


def _wait_for_worker(app: object, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("The worker stopped before it was ready.")
        if app.control.ping(timeout=0.5):  # type: ignore[attr-defined]
            return
    raise SystemExit("The worker did not come up.")


def _wait(timeout: float) -> bool:
    from notices.models import OutboxMessage

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        unsettled = OutboxMessage.objects.filter(status__in=["pending", "sending"])
        if not unsettled.exists():
            return True
        time.sleep(0.05)
    return False


def main() -> int:
    args = _arguments()
    _environment()
    if args.worker_dump_dir:
        _set_up_django(migrate=False)
        _run_worker(args.worker_dump_dir, args.concurrency)
        return 0
    _create_database()
    _set_up_django(migrate=True)

    from config.celery import app
    from notices.addresses import Recipient
    from notices.models import Notice
    from notices.services import notice_send

    Notice.objects.filter(key__startswith="benchmark:").delete()
    people = [
        Recipient(
            name=f"Captain {i}",
            email=f"captain{i}@bench.example.com",
            phone=f"+1416{2000000 + i:07d}",
            sms_opt_in=args.sms_every > 0 and i % args.sms_every == 0,
        )
        for i in range(args.recipients)
    ]
    app.control.purge()
    dump_dir = tempfile.mkdtemp(prefix="notices-bench-")
    worker = subprocess.Popen(
        [
            sys.executable,
            __file__,
            f"--worker-dump-dir={dump_dir}",
            f"--concurrency={args.concurrency}",
        ]
    )
    try:
        _wait_for_worker(app, worker)
        began = time.perf_counter()
        notice = notice_send(
            kind=Notice.Kind.CANCELLATION,
            subject="Tuesday's league night is cancelled",
            body="Snow: every fixture on Tuesday is off. Makeup dates follow.",
            sms_text="League night Tuesday cancelled (snow).",
            recipients=people,
            key=f"benchmark:{time.time_ns()}",
        )
        written = time.perf_counter()
        settled = _wait(args.timeout)
        finished = time.perf_counter()
        time.sleep(1.0)  # a late duplicate would show up here
    finally:
        worker.send_signal(signal.SIGTERM)  # warm shutdown: children dump, then exit
        worker.wait(timeout=120)

    delivered = {"email": collections.Counter(), "sms": collections.Counter()}
    for dump in Path(dump_dir).glob("*.json"):
        for channel, items in json.loads(dump.read_text()).items():
            delivered[channel].update(items)
    shutil.rmtree(dump_dir, ignore_errors=True)

    rows = list(notice.messages.values_list("pk", "channel", "address"))
    states = collections.Counter(notice.messages.values_list("status", flat=True))
    seen = [
        delivered["email"][pk] if channel == "email" else delivered["sms"][address]
        for pk, channel, address in rows
    ]
    lost = seen.count(0)
    duplicated = sum(count - 1 for count in seen if count > 1)
    expected = {pk for pk, channel, _ in rows if channel == "email"}
    phones = {address for _, channel, address in rows if channel == "sms"}
    strays = sum(n for pk, n in delivered["email"].items() if pk not in expected) + sum(
        n for phone, n in delivered["sms"].items() if phone not in phones
    )
    count = len(rows)
    delivery_s = finished - written
    print(
        f"notices: 1 notice → {args.recipients} recipients → {count} messages "
        f"({states.get('sent', 0)} sent; emails delivered {sum(delivered['email'].values())}, "
        f"texts {sum(delivered['sms'].values())})"
    )
    print(
        f"  outbox written in {written - began:.2f} s; delivered in {delivery_s:.2f} s "
        f"by {args.concurrency} worker processes: {count / delivery_s:,.0f} messages/s"
    )
    print(f"  lost: {lost}  duplicated: {duplicated}  unknown: {strays}")
    ok = settled and lost == 0 and duplicated == 0 and strays == 0 and states == {"sent": count}
    if not ok:
        print(f"  FAILED: states {dict(states)}", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
