"""A local stand-in for the few Stripe endpoints the app calls, for tests and browser tests.

A threaded HTTP server on a free loopback port answers as Stripe's API does (form-encoded
requests, Stripe-shaped JSON, idempotency keys replayed), and hosts a checkout page with a
"Pay" button — the card is never typed in the app. Paying sends a `checkout.session.completed`
event signed with Stripe's real scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret,
f"{t}.{payload}")`) to the app's webhook, then redirects to the session's success URL.

    with StripeStandIn(webhook_url=live_server.url + "/money/payments/stripe/webhook/") as stand_in:
        stand_in.configure(settings)  # STRIPE_API_BASE, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET
        ...

Endpoints: POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id},
POST /v1/checkout/sessions/{id}/expire, POST /v1/refunds, GET /v1/refunds/{id};
GET /checkout/{id} (the hosted page), POST /checkout/{id}/pay, GET /checkout/{id}/cancel.

Faults: `down = "500"` (every API call answers 500) or `down = "close"` (the connection is
closed unanswered); `refund_status = "pending"` (refunds wait for their webhook).
Deliveries: `pay(id)` (what the button does), `expire(id)`, `refund_settle(id)`,
`send_event(kind, obj)` (any event), `resend(event_id)` (a delivery again); `holding = True`
keeps events back until `release(newest_first=True)` sends them out of order; `deliver` may
be replaced (tests post through Django's test client instead of HTTP).
"""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import secrets
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlparse

Deliver = Callable[[bytes, dict[str, str]], int]


def sign(payload: bytes, secret: str, timestamp: int | None = None) -> str:
    """Stripe's signature header for `payload`."""
    t = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={t},v1={mac}"


def _nest(pairs: list[tuple[str, str]]) -> dict[str, Any]:
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


def _id(prefix: str) -> str:
    return f"{prefix}_test_{secrets.token_hex(12)}"


class StripeStandIn:
    def __init__(
        self,
        *,
        webhook_url: str = "",
        webhook_secret: str = "whsec_standin_secret",
        api_key: str = "sk_test_standin",
    ) -> None:
        self.webhook_url = webhook_url
        self.webhook_secret = webhook_secret
        self.api_key = api_key
        self.down: str | None = None  # None, "500" or "close"
        self.refund_status = "succeeded"
        self.sessions: dict[str, dict[str, Any]] = {}
        self.refunds: dict[str, dict[str, Any]] = {}
        self.events: dict[str, bytes] = {}  # event id -> the payload sent
        self.calls: list[tuple[str, str, dict[str, Any], dict[str, str]]] = []
        self.deliveries: list[tuple[str, int]] = []  # (event id, the app's answer)
        self.deliver: Deliver = self._deliver_http
        self.holding = False  # True: events wait in `held` until `release()`
        self.held: list[str] = []
        self._replies: dict[str, tuple[int, dict[str, Any]]] = {}  # idempotency key -> reply
        self._lock = threading.RLock()
        self._server: ThreadingHTTPServer | None = None

    # --- running ---------------------------------------------------------------------

    def start(self) -> StripeStandIn:
        stand_in = self

        class Handler(_Handler):
            owner = stand_in

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> StripeStandIn:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def configure(self, settings: Any) -> None:
        """Point the app at the stand-in: `settings` is pytest-django's fixture (or any
        object whose attributes are Django's settings)."""
        settings.STRIPE_API_BASE = self.base_url
        settings.STRIPE_SECRET_KEY = self.api_key
        settings.STRIPE_WEBHOOK_SECRET = self.webhook_secret
        settings.STRIPE_CHECKOUT_ORIGIN = self.base_url

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start() the stand-in first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    # --- the API -----------------------------------------------------------------------

    def api(
        self, method: str, path: str, params: dict[str, Any], headers: dict[str, str]
    ) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.calls.append((method, path, params, headers))
            if headers.get("authorization", "") != f"Bearer {self.api_key}":
                return 401, _error("Invalid API Key provided.", "invalid_request_error")
            key = headers.get("idempotency-key", "")
            if method == "POST" and key and key in self._replies:
                return self._replies[key]
            reply = self._route(method, path, params)
            if method == "POST" and key:
                self._replies[key] = reply
            return reply

    def _route(self, method: str, path: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        parts = path.strip("/").split("/")
        if parts[:3] == ["v1", "checkout", "sessions"]:
            if method == "POST" and len(parts) == 3:
                return 200, self._session_create(params)
            session = self.sessions.get(parts[3]) if len(parts) > 3 else None
            if session is None:
                return 404, _error("No such checkout.session", "invalid_request_error")
            if method == "GET" and len(parts) == 4:
                return 200, session
            if method == "POST" and parts[4:] == ["expire"]:
                if session["status"] != "open":
                    return 400, _error(
                        "Only open sessions can be expired.", "invalid_request_error"
                    )
                session["status"] = "expired"
                return 200, session
        if parts[:2] == ["v1", "refunds"]:
            if method == "POST" and len(parts) == 2:
                return self._refund_create(params)
            if method == "GET" and len(parts) == 3 and parts[2] in self.refunds:
                return 200, self.refunds[parts[2]]
        return 404, _error(f"Unrecognized request URL ({method}: {path}).", "invalid_request_error")

    def _session_create(self, params: dict[str, Any]) -> dict[str, Any]:
        items = params.get("line_items") or [{}]
        price = items[0].get("price_data", {})
        amount = int(price.get("unit_amount", 0)) * int(items[0].get("quantity", 1))
        session_id = _id("cs")
        now = int(time.time())
        session = {
            "id": session_id,
            "object": "checkout.session",
            "mode": params.get("mode", "payment"),
            "status": "open",
            "payment_status": "unpaid",
            "amount_total": amount,
            "currency": price.get("currency", "usd"),
            "metadata": params.get("metadata", {}),
            "client_reference_id": params.get("client_reference_id"),
            "success_url": params.get("success_url", ""),
            "cancel_url": params.get("cancel_url", ""),
            "payment_intent": None,
            "url": f"{self.base_url}/checkout/{session_id}",
            "livemode": False,
            "created": now,
            "expires_at": now + 86400,
            "description": price.get("product_data", {}).get("name", ""),
        }
        self.sessions[session_id] = session
        return session

    def _refund_create(self, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        intent = params.get("payment_intent", "")
        session = next((s for s in self.sessions.values() if s["payment_intent"] == intent), None)
        if session is None:
            return 400, _error(f"No such payment_intent: '{intent}'", "invalid_request_error")
        amount = int(params.get("amount", session["amount_total"]))
        given = sum(r["amount"] for r in self.refunds.values() if r["payment_intent"] == intent)
        if amount + given > session["amount_total"]:
            return 400, _error(
                "Refund amount is greater than unrefunded amount on charge", "invalid_request_error"
            )
        refund = {
            "id": _id("re"),
            "object": "refund",
            "amount": amount,
            "currency": session["currency"],
            "payment_intent": intent,
            "status": self.refund_status,
            "metadata": params.get("metadata", {}),
            "created": int(time.time()),
        }
        self.refunds[refund["id"]] = refund
        return 200, refund

    # --- the hosted page and the events --------------------------------------------------

    def pay(self, session_id: str) -> dict[str, Any]:
        """The "Pay" button: the session is paid and its event delivered; the event."""
        with self._lock:
            session = self.sessions[session_id]
            if session["status"] == "open":
                session.update(status="complete", payment_status="paid", payment_intent=_id("pi"))
        return self.send_event("checkout.session.completed", dict(session))

    def expire(self, session_id: str) -> dict[str, Any]:
        with self._lock:
            session = self.sessions[session_id]
            if session["status"] == "open":
                session["status"] = "expired"
        return self.send_event("checkout.session.expired", dict(session))

    def refund_settle(self, refund_id: str, status: str = "succeeded") -> dict[str, Any]:
        """A pending refund done (or failed) at Stripe: its refund.updated event."""
        with self._lock:
            refund = self.refunds[refund_id]
            refund["status"] = status
        return self.send_event("refund.updated", dict(refund))

    def event(self, kind: str, obj: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": _id("evt"),
            "object": "event",
            "api_version": "2025-01-27.acacia",
            "created": int(time.time()),
            "type": kind,
            "livemode": False,
            "pending_webhooks": 1,
            "request": {"id": None, "idempotency_key": None},
            "data": {"object": obj},
        }

    def send_event(self, kind: str, obj: dict[str, Any]) -> dict[str, Any]:
        """Send any event (out of order, made up, for a session that isn't ours…)."""
        event = self.event(kind, obj)
        payload = json.dumps(event).encode()
        self.events[event["id"]] = payload
        self._send(event["id"], payload)
        return event

    def resend(self, event_id: str) -> int:
        """Deliver an event again, as Stripe does when it isn't sure it arrived."""
        return self._send(event_id, self.events[event_id])

    def release(self, *, newest_first: bool = False) -> list[int]:
        """Deliver the events held back (`holding = True`), in order or newest first."""
        held, self.held = self.held, []
        order = list(reversed(held)) if newest_first else held
        return [self._deliver_now(event_id, self.events[event_id]) for event_id in order]

    def _send(self, event_id: str, payload: bytes) -> int:
        if self.holding:
            self.held.append(event_id)
            return 0
        return self._deliver_now(event_id, payload)

    def _deliver_now(self, event_id: str, payload: bytes) -> int:
        headers = {
            "Content-Type": "application/json",
            "Stripe-Signature": sign(payload, self.webhook_secret),
        }
        status = self.deliver(payload, headers)
        self.deliveries.append((event_id, status))
        return status

    def _deliver_http(self, payload: bytes, headers: dict[str, str]) -> int:
        if not self.webhook_url:
            return 0
        request = urllib.request.Request(
            self.webhook_url, data=payload, headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (loopback)
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code

    def checkout_page(self, session_id: str) -> str:
        session = self.sessions[session_id]
        amount = f"{session['amount_total'] / 100:.2f} {session['currency'].upper()}"
        name = html.escape(session.get("description") or "Payment")
        return (
            "<!doctype html><html><head><meta name='viewport' content='width=device-width'>"
            f"<title>Stripe stand-in checkout</title></head><body><h1>Pay {amount}</h1>"
            f"<p>{name}</p><p>Card: 4242 4242 4242 4242 (the stand-in needs none)</p>"
            f"<form method='post' action='/checkout/{session_id}/pay'>"
            "<button type='submit' id='pay'>Pay</button></form>"
            f"<p><a id='cancel' href='/checkout/{session_id}/cancel'>Cancel and go back</a></p>"
            "</body></html>"
        )


def _error(message: str, kind: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind}}


class _Handler(BaseHTTPRequestHandler):
    owner: StripeStandIn
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
                payload = json.dumps(_error("Stripe is down (stand-in).", "api_error")).encode()
                self._answer(500, payload, "application/json", {"Stripe-Should-Retry": "false"})
                return
            params = _nest(
                parse_qsl(url.query if method == "GET" else body, keep_blank_values=True)
            )
            headers = {k.lower(): v for k, v in self.headers.items()}
            status, reply = owner.api(method, url.path, params, headers)
            self._answer(
                status, json.dumps(reply).encode(), "application/json", {"Request-Id": _id("req")}
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
