"""The rehearsal's users: captains entering cards and the public reading pages, over HTTPS
through the load balancer, each request timed and every failure the user saw kept.

A captain's card goes as the phone sends it: `POST /api/v1/fixtures/<id>/card` with an
`Idempotency-Key`, and when the answer doesn't come (a dropped connection, a 502 or 503 from
the load balancer) again with the same key after a short wait, until it is answered; then
the other captain confirms the same way. The readers take the standings, the schedule and
the sign-in page in turn, back to back.
"""

from __future__ import annotations

import http.client
import json
import queue
import random
import ssl
import threading
import time
from dataclasses import dataclass, field
from typing import Any

RETRY_STATUSES = {502, 503, 504}
RETRY_WAITS = (0.25, 0.5, 1.0, 2.0, 2.0, 2.0, 4.0, 4.0, 4.0, 8.0)  # about 30 s in all


@dataclass
class Sample:
    kind: str
    began: float  # time.time()
    seconds: float
    status: int  # 0: no answer (the connection failed)
    retried: bool = False  # a later try of the same request


@dataclass
class Recorder:
    samples: list[Sample] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)

    def of(self, kind: str, since: float = 0, until: float = float("inf")) -> list[Sample]:
        with self.lock:
            return [s for s in self.samples if s.kind == kind and since <= s.began < until]


class Browser:
    """One keep-alive HTTPS connection to the load balancer, opened again when it drops."""

    def __init__(self, address: str, host: str, tls: ssl.SSLContext) -> None:
        self.address, self.host, self.tls = address, host, tls
        self.connection: http.client.HTTPSConnection | None = None
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> tuple[int, dict, bytes]:
        """(status, headers, body); status 0 when no answer came."""
        headers = {"Host": self.host, **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            if self.connection is None:
                self.connection = http.client.HTTPSConnection(
                    self.address, 443, timeout=30, context=self.tls
                )
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            return 0, {}, b""
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, dict(response.getheaders()), data

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def send_until_answered(
    browser: Browser, recorder: Recorder, kind: str, path: str, token: str, key: str, body: Any
) -> tuple[int, dict]:
    """The phone's loop: the same request and key until the site answers it."""
    data = json.dumps(body).encode() if body is not None else b""
    headers = {
        "Authorization": f"Bearer {token}",
        "Idempotency-Key": key,
        "Content-Type": "application/json",
    }
    for attempt, wait in enumerate((*RETRY_WAITS, None)):
        began = time.time()
        status, _, answer = browser.request("POST", path, data, headers)
        recorder.add(Sample(kind, began, time.time() - began, status, retried=attempt > 0))
        if status and status not in RETRY_STATUSES:
            return status, json.loads(answer or b"{}")
        if wait is None:
            return status, {}
        time.sleep(wait)
    return 0, {}


@dataclass
class CardResult:
    fixture: int
    submitted: int = 0  # the status the submission finally got
    confirmed: int = 0
    replayed: int = 0  # answers that said "already written" (a retry of a written request)


def captains(
    fixtures: list[dict],
    *,
    address: str,
    host: str,
    tls: ssl.SSLContext,
    recorder: Recorder,
    seconds: float,
    threads: int = 12,
) -> list[CardResult]:
    """Every fixture's card submitted and confirmed, spread over `seconds`: each home
    captain at an even share of the time, their opponent 5 to 15 % of it later."""
    rng = random.Random(7)
    start = time.time()
    jobs: queue.PriorityQueue = queue.PriorityQueue()
    for index in range(len(fixtures)):
        jobs.put((start + seconds * 0.8 * index / max(1, len(fixtures)), index, "card"))
    results = [CardResult(f["id"]) for f in fixtures]
    pending = [len(fixtures) * 2]
    lock = threading.Lock()

    def work() -> None:
        browser = Browser(address, host, tls)
        while True:
            with lock:
                if pending[0] <= 0:
                    break
            try:
                when, index, step = jobs.get(timeout=0.2)
            except queue.Empty:
                continue
            wait = when - time.time()
            if wait > 0:
                jobs.put((when, index, step))
                time.sleep(min(0.05, wait))  # read once: it must not turn negative here
                continue
            fixture, result = fixtures[index], results[index]
            path = f"/api/v1/fixtures/{fixture['id']}/{step if step == 'confirm' else 'card'}"
            token = fixture["home" if step == "card" else "away"]
            body = {"games": fixture["games"]} if step == "card" else None
            status, answer = send_until_answered(
                browser, recorder, step, path, token, f"night-{fixture['id']}-{step}", body
            )
            result.replayed += bool(answer.get("replayed"))
            if step == "card":
                result.submitted = status
                later = time.time() + seconds * rng.uniform(0.05, 0.15)
                jobs.put((later, index, "confirm"))
            else:
                result.confirmed = status
            with lock:
                pending[0] -= 1
        browser.close()

    workers = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return results


def readers(
    pages: dict[str, str],
    *,
    address: str,
    host: str,
    tls: ssl.SSLContext,
    recorder: Recorder,
    stop: threading.Event,
    threads: int = 3,
) -> list[threading.Thread]:
    """Threads reading the public pages in turn until `stop` is set (each failure that the
    load balancer didn't hide is kept; the reader then asks again)."""

    def read(offset: int) -> None:
        browser = Browser(address, host, tls)
        kinds = list(pages)
        turn, again = offset, False
        while not stop.is_set():
            kind = kinds[turn % len(kinds)]
            began = time.time()
            status, _, _ = browser.request("GET", pages[kind])
            recorder.add(Sample(kind, began, time.time() - began, status, retried=again))
            again = status != 200
            if again:  # the reader asks for the same page again, as a person would
                time.sleep(0.25)
                continue
            turn += 1
        browser.close()

    started = [threading.Thread(target=read, args=(n,), daemon=True) for n in range(threads)]
    for thread in started:
        thread.start()
    return started


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
