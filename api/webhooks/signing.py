"""Signing a webhook body, and checking a signature as a receiver would (pure: no Django).

The signed text is f"{timestamp}.{body}": the timestamp (unix seconds, sent in
`X-Euchre-Timestamp`) is part of what is signed, so a receiver that refuses old timestamps
refuses a replayed delivery too. `X-Euchre-Signature` carries "v1=<hex HMAC-SHA256>"; a
later scheme would add "v2=…" beside it, comma-separated.
"""

import hashlib
import hmac

SCHEME = "v1"
TOLERANCE = 300  # seconds either side of the receiver's clock


def sign(secret: str, timestamp: int, body: str | bytes) -> str:
    """The header value: "v1=" and the hex HMAC-SHA256 of f"{timestamp}.{body}" under `secret`."""
    raw = body.encode() if isinstance(body, str) else body
    message = str(int(timestamp)).encode() + b"." + raw
    digest = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return f"{SCHEME}={digest}"


def verify(
    secret: str,
    timestamp: int | str,
    body: str | bytes,
    signature: str,
    *,
    now: float,
    tolerance: int = TOLERANCE,
) -> bool:
    """Whether `signature` (the header's value) signs `body` at `timestamp` under `secret`,
    and `timestamp` is within `tolerance` seconds of `now` (older or newer: refused)."""
    try:
        moment = int(str(timestamp).strip())
    except ValueError:
        return False
    if abs(now - moment) > tolerance:
        return False
    expected = sign(secret, moment, body)
    offered = [part.strip() for part in str(signature).split(",")]
    return any(
        hmac.compare_digest(candidate, expected)
        for candidate in offered
        if candidate.startswith(f"{SCHEME}=")
    )
