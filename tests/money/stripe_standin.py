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

import html
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from typing import Any

from tests.money.stripe_wire import StandInHandler, error_body, new_id, sign

__all__ = ["StripeStandIn", "sign"]

Deliver = Callable[[bytes, dict[str, str]], int]


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

        class Handler(StandInHandler):
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
                return 401, error_body("Invalid API Key provided.", "invalid_request_error")
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
                return 404, error_body("No such checkout.session", "invalid_request_error")
            if method == "GET" and len(parts) == 4:
                return 200, session
            if method == "POST" and parts[4:] == ["expire"]:
                if session["status"] != "open":
                    return 400, error_body(
                        "Only open sessions can be expired.", "invalid_request_error"
                    )
                session["status"] = "expired"
                return 200, session
        if parts[:2] == ["v1", "refunds"]:
            if method == "POST" and len(parts) == 2:
                return self._refund_create(params)
            if method == "GET" and len(parts) == 3 and parts[2] in self.refunds:
                return 200, self.refunds[parts[2]]
        return 404, error_body(
            f"Unrecognized request URL ({method}: {path}).", "invalid_request_error"
        )

    def _session_create(self, params: dict[str, Any]) -> dict[str, Any]:
        items = params.get("line_items") or [{}]
        price = items[0].get("price_data", {})
        amount = int(price.get("unit_amount", 0)) * int(items[0].get("quantity", 1))
        session_id = new_id("cs")
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
            return 400, error_body(f"No such payment_intent: '{intent}'", "invalid_request_error")
        amount = int(params.get("amount", session["amount_total"]))
        given = sum(r["amount"] for r in self.refunds.values() if r["payment_intent"] == intent)
        if amount + given > session["amount_total"]:
            return 400, error_body(
                "Refund amount is greater than unrefunded amount on charge", "invalid_request_error"
            )
        refund = {
            "id": new_id("re"),
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
                session.update(
                    status="complete", payment_status="paid", payment_intent=new_id("pi")
                )
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
            "id": new_id("evt"),
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
