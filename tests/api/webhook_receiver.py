"""A local webhook receiver for tests: a threaded HTTP server on a free loopback port that
records each POST and answers with the next of `answers` (then 200), verifying each
signature with the receiver's own check (`api.webhooks.signing.verify`).

    with WebhookReceiver(secret, answers=[500]) as receiver:
        endpoint.url = receiver.url  # needs WEBHOOK_ALLOW_HOSTS=["127.0.0.1"]
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from api.webhooks.signing import verify


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    answered: int
    verified: bool


class WebhookReceiver:
    def __init__(self, secret: str = "", *, answers: list[int] | None = None) -> None:
        self.secret = secret
        self.answers = list(answers or [])
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/hook"

    def _answer(self) -> int:
        with self._lock:
            return self.answers.pop(0) if self.answers else 200

    def __enter__(self) -> WebhookReceiver:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                headers = {key: value for key, value in self.headers.items()}
                verified = verify(
                    owner.secret,
                    headers.get("X-Euchre-Timestamp", ""),
                    body,
                    headers.get("X-Euchre-Signature", ""),
                    now=time.time(),
                )
                code = owner._answer()
                with owner._lock:
                    owner.received.append(Received(self.path, headers, body, code, verified))
                self.send_response(code)
                if 300 <= code < 400:
                    self.send_header("Location", "http://127.0.0.1:9/elsewhere")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()
