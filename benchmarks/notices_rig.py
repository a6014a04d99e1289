"""The processes and files of ``benchmarks/notices.py``: mail and SMS backends that record
what they accepted, Celery workers and beat, a Redis server of its own, a web load and the
floor's processes. See that file.
"""

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.core.mail.backends.base import BaseEmailBackend
from sms.backends.base import BaseSmsBackend

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "notices.py"
LOG_ENV = "NOTICES_BENCH_LOG"
# The notice the benchmark sends (and the floor builds).
SUBJECT = "Tuesday's league night is cancelled"
BODY = "Snow: every fixture on Tuesday is off. Makeup dates follow."
SMS_TEXT = "League night Tuesday cancelled (snow)."
LINK = "/leagues/bench/"


def record(line: str, _files: dict[int, int] = {}) -> None:  # noqa: B006 (per process)
    """Append one accepted message to this process's log: it survives a SIGKILL."""
    fd = _files.get(os.getpid())
    if fd is None:
        path = Path(os.environ[LOG_ENV], f"{os.getpid()}.log")
        fd = _files[os.getpid()] = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    os.write(fd, f"{line}\n".encode())


class RecordingEmailBackend(BaseEmailBackend):
    def send_messages(self, messages):  # type: ignore[no-untyped-def]
        for message in messages:
            message.message()  # render and check the headers, as every backend does
            record(f"email {message.extra_headers['X-Outbox-Message-Id']}")
        return len(messages)


class RecordingSmsBackend(BaseSmsBackend):
    def send_messages(self, messages):  # type: ignore[no-untyped-def]
        for message in messages:
            for phone in message.recipients:
                record(f"sms {phone}")
        return len(messages)


def web_load_process(stop_file: str) -> None:
    """Request the home and sign-in pages back to back; write how many when stopped."""
    import warnings

    import django

    django.setup()
    from django.conf import settings
    from django.test import Client

    # Plain static storage: no collectstatic manifest is needed to render pages here.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    warnings.filterwarnings("ignore", message="No directory at")
    client, served = Client(), 0
    while not os.path.exists(stop_file):
        for path in ("/", "/accounts/login/"):
            served += client.get(path).status_code == 200
    Path(f"{stop_file}.{os.getpid()}").write_text(str(served))


class Bench:
    """The processes and files of one benchmark run."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.dir = Path(tempfile.mkdtemp(prefix="notices-bench-"))
        self.processes: list[subprocess.Popen] = []
        self.failures: list[str] = []

    def spawn(self, name: str, command: list[str], **env: str) -> subprocess.Popen:
        out = open(self.dir / f"{name}.out", "ab")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=out,
            stderr=out,
            start_new_session=True,  # its own group: a SIGKILL reaches all of a worker
        )
        self.processes.append(process)
        return process

    def stop(self, process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def tails(self) -> None:
        """What went wrong, when something did: each kind of process's errors and last lines."""
        for out in sorted(self.dir.glob("*.out")):
            lines = out.read_text(errors="replace").splitlines()
            errors = [line for line in lines if "ERROR" in line or "CRITICAL" in line][-20:]
            print(f"--- {out.name}", *errors, "...", *lines[-12:], sep="\n", file=sys.stderr)

    def close(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                self.stop(process)
        shutil.rmtree(self.dir, ignore_errors=True)

    def worker(self, broker: str, log: Path) -> subprocess.Popen:
        log.mkdir(exist_ok=True)
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork"]
        command += [f"--concurrency={self.args.concurrency}", "--loglevel=WARNING"]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        command += ["-n", f"bench{len(self.processes)}@%h"]
        process = self.spawn("worker", command, CELERY_BROKER_URL=broker, **{LOG_ENV: str(log)})
        wait_until(lambda: answers(broker), 60, process)
        return process

    def beat(self, broker: str) -> subprocess.Popen:
        command = [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING"]
        return self.spawn("beat", command, CELERY_BROKER_URL=broker)

    def redis(self, port: int) -> subprocess.Popen:
        command = ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"]
        process = self.spawn("redis", command + ["--dir", str(self.dir)])
        wait_until(lambda: listening(port), 10, process)
        return process

    @contextlib.contextmanager
    def web_load(self):  # type: ignore[no-untyped-def]
        """`web_load` processes requesting pages; fills in the pages/s they served."""
        stop = self.dir / f"stop-{time.monotonic_ns()}"
        command = [sys.executable, str(SCRIPT), f"--web-load-process={stop}"]
        load = [self.spawn("web", command) for _ in range(self.args.web_load)]
        time.sleep(3)  # started and warm
        began, served = time.monotonic(), {}
        try:
            yield served
        finally:
            stop.touch()
            for process in load:
                process.wait(timeout=60)
            pages = sum(int(p.read_text()) for p in stop.parent.glob(f"{stop.name}.*"))
            served["pages/s"] = pages / (time.monotonic() - began)


def listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


def wait_until(ready, timeout: float, process: subprocess.Popen | None = None) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise SystemExit(f"{process.args[:6]} stopped before it was ready.")
        if ready():
            return
        time.sleep(0.1)
    raise SystemExit(f"Not ready within {timeout:.0f} s: {process.args if process else ''}")


def celery_app(broker: str):  # type: ignore[no-untyped-def]
    """Our Celery app, publishing to `broker` (its pools are rebuilt when it changes)."""
    from config.celery import app

    if app.conf.broker_url != broker:
        os.environ["CELERY_BROKER_URL"] = broker  # Celery reads it before its settings
        app.conf.update(broker_url=broker, result_backend=broker)
        app._pool = None
        app.amqp._producer_pool = None
    return app


def answers(broker: str) -> bool:
    """Whether a worker answers a ping; a connection from before a broker restart is dropped."""
    app = celery_app(broker)
    try:
        return bool(app.control.ping(timeout=0.5))
    except Exception:  # redis-py's ConnectionError, kombu's OperationalError
        app._pool = None
        app.amqp._producer_pool = None
        return False


def bench_recipients(args: argparse.Namespace) -> list:
    from notices.addresses import Recipient

    return [
        Recipient(
            name=f"Captain {i}",
            email=f"captain{i}@bench.example.com",
            phone=f"+1416{2000000 + i:07d}",
            sms_opt_in=args.sms_every > 0 and i % args.sms_every == 0,
        )
        for i in range(args.recipients)
    ]


def floor_part(args: argparse.Namespace) -> None:
    """One floor process: build its share of the messages, wait for the start, hand them over."""
    import django

    django.setup()
    from notices.models import Notice
    from notices.senders import Outgoing, Senders
    from notices.services import notice_addresses

    index, count = map(int, args.floor_part.split("/"))
    gate = Path(os.environ[LOG_ENV])
    rows = list(
        enumerate(notice_addresses(kind="cancellation", recipients=bench_recipients(args)), 1)
    )
    notice = Notice(pk=1, subject=SUBJECT, body=BODY, sms_text=SMS_TEXT, link=LINK)
    messages = [
        Outgoing(pk, notice.pk, channel, address, name, attempts=1)
        for pk, (channel, address, name, _) in rows[index::count]
    ]
    senders = Senders({notice.pk: notice})
    (gate / f"ready-{index}").touch()
    while not (gate / "go").exists():
        time.sleep(0.001)
    for message in messages:
        senders.send(message)
    senders.close()
    (gate / f"end-{index}").write_text(repr(time.time()))


def measure_floor(bench: Bench, label: str) -> float:
    """Messages/s of `concurrency` processes building and handing over every message."""
    log, n = bench.dir / f"floor-{label}", bench.args.concurrency
    log.mkdir()
    command = [sys.executable, str(SCRIPT), f"--recipients={bench.args.recipients}"]
    command += [f"--sms-every={bench.args.sms_every}"]
    parts = [
        bench.spawn("floor", [*command, f"--floor-part={i}/{n}"], **{LOG_ENV: str(log)})
        for i in range(n)
    ]
    wait_until(lambda: len(list(log.glob("ready-*"))) == n, 120)
    began = time.time()
    (log / "go").touch()
    for part in parts:
        if part.wait() != 0:
            raise SystemExit(f"A floor process failed: see {bench.dir / 'floor.out'}")
    ended = max(float(end.read_text()) for end in log.glob("end-*"))
    messages = sum(len(p.read_text().splitlines()) for p in log.glob("*.log"))
    return messages / (ended - began)
