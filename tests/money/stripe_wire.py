"""Stripe's wire, as the stand-in speaks it: the signature header of an event, the form
encoding of a request, ids, error bodies, and the HTTP handler that hands each request to its
`StripeStandIn` (tests/money/stripe_standin.py)."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qsl, urlparse


def sign(payload: bytes, secret: str, timestamp: int | None = None) -> str:
    """Stripe's signature header for `payload`."""
    t = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"


def nested(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Stripe's form encoding (a[b][0][c]=x) back into dicts and lists."""
    root: dict[str, Any] = {}
    for key, value in pairs:
        parts = key.replace("]", "").split("[")
        node: Any = root
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            nxt = None if last else parts[i + 1]
            if isinstance(node, list):
                index = int(part)
                while len(node) <= index:
                    node.append({} if not (nxt or "").isdigit() else [])
                if last:
                    node[index] = value
                else:
                    node = node[index]
                continue
            if last:
                node[part] = value
            else:
                node = node.setdefault(part, [] if (nxt or "").isdigit() else {})
    return root


def new_id(prefix: str) -> str:
    return f"{prefix}_test_{secrets.token_hex(12)}"


def error_body(message: str, kind: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind}}


class StandInHandler(BaseHTTPRequestHandler):
    owner: Any  # the StripeStandIn serving
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _answer(
        self, status: int, body: bytes, content_type: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def _handle(self, method: str) -> None:
        url = urlparse(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        owner = self.owner
        if url.path.startswith("/v1/"):
            if owner.down == "close":
                self.close_connection = True
                self.connection.close()
                return
            if owner.down == "500":
                payload = json.dumps(error_body("Stripe is down (stand-in).", "api_error")).encode()
                self._answer(500, payload, "application/json", {"Stripe-Should-Retry": "false"})
                return
            params = nested(
                parse_qsl(url.query if method == "GET" else body, keep_blank_values=True)
            )
            headers = {k.lower(): v for k, v in self.headers.items()}
            status, reply = owner.api(method, url.path, params, headers)
            self._answer(
                status,
                json.dumps(reply).encode(),
                "application/json",
                {"Request-Id": new_id("req")},
            )
            return
        parts = url.path.strip("/").split("/")
        if len(parts) >= 2 and parts[0] == "checkout" and parts[1] in owner.sessions:
            session = owner.sessions[parts[1]]
            if method == "GET" and len(parts) == 2:
                self._answer(
                    200, owner.checkout_page(parts[1]).encode(), "text/html; charset=utf-8"
                )
                return
            if method == "POST" and parts[2:] == ["pay"]:
                owner.pay(parts[1])
                self._answer(303, b"", "text/plain", {"Location": session["success_url"]})
                return
            if method == "GET" and parts[2:] == ["cancel"]:
                self._answer(303, b"", "text/plain", {"Location": session["cancel_url"]})
                return
        self._answer(404, b"Not found", "text/plain")

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")
