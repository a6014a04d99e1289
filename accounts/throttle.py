"""Slow down, then refuse, repeated failed sign-ins and password-reset floods.

Counts live in the database (`accounts.throttle_counts`), one counter per *key*: an
account (the username typed, whether or not it exists) or a visitor's address. The cache is
not used: a cache outage must neither let guesses through unlimited nor lock everyone out,
and sign-in needs the database anyway. Each attempt is counted *before* the password is
checked, in one atomic statement, so a burst of parallel guesses can't all slip past the
limit; a success takes its own count back.

For one key, until `window` seconds pass without an attempt (then it starts afresh):
- the first `free` failures cost nothing;
- each failure after that makes the next attempt wait 2, 4, 8 … seconds (at most a minute);
- the `limit`-th failure refuses the key for `lockout` seconds.

A refused attempt never reaches the password check and is not counted. Signing in resets
the account's count (not the address's: one good account must not launder an address's
guesses). Setting a new password from a reset email clears the account's count too.

Enforced in the authentication backend (`ThrottledModelBackend`, the only one in
AUTHENTICATION_BACKENDS), so every sign-in form — ours and the admin's — goes through it.
An attempt that crashes (the database went away while the password was checked) is not a
failure: its count is taken back, so after an outage the right password works and one
bar's shared address is not locked by everyone's retries.
"""

import contextlib
import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from accounts import throttle_counts
from accounts.signed_in import user_with_roles

MAX_WAIT = 60  # seconds: the longest a slowed key waits between attempts
REQUEST_ATTR = "login_refusal"  # the backend leaves its refusal here for the form
RESET_PER_EMAIL = 5  # password-reset emails asked for one address, per hour
RESET_PER_ADDRESS = 20  # … and from one visitor's address, per hour

# The clock (tests replace it to let time pass).
now: Callable[[], float] = time.time


@dataclass(frozen=True)
class Limit:
    scope: str  # a name for the counter family, part of the counter's key
    free: int
    limit: int
    window: int
    lockout: int
    locked: str  # the refusal, with {wait} for how long
    slowed: str = ""


class Refused(Exception):
    def __init__(self, message: str, seconds: int) -> None:
        super().__init__(message)
        self.message = message
        self.seconds = seconds


def wait_text(seconds: float) -> str:
    """'8 seconds', '15 minutes', '3 hours', '3 days' (rounded up)."""
    seconds = max(1, math.ceil(seconds))
    for unit, size, below in (("second", 1, 90), ("minute", 60, 120), ("hour", 3600, 48)):
        count = math.ceil(seconds / size)
        if count < below:
            return f"{count} {unit}{'s' if count != 1 else ''}"
    days = math.ceil(seconds / 86400)
    return f"{days} day{'s' if days != 1 else ''}"


def _lockout() -> int:
    return max(1, settings.LOGIN_LOCKOUT_MINUTES) * 60


def login_account_limit() -> Limit:
    limit = max(1, settings.LOGIN_FAILURE_LIMIT)
    return Limit(
        scope="login-account",
        free=limit // 2,
        limit=limit,
        window=_lockout(),
        lockout=_lockout(),
        locked=(
            "Too many failed sign-ins for this account, so it is locked for now. "
            "Try again in {wait}, or reset your password."
        ),
        slowed="Too many failed sign-ins for this account. Wait {wait}, then try again.",
    )


def login_address_limit() -> Limit:
    limit = max(1, settings.LOGIN_ADDRESS_FAILURE_LIMIT)
    return Limit(
        scope="login-address",
        free=limit // 2,
        limit=limit,
        window=_lockout(),
        lockout=_lockout(),
        locked=(
            "Too many failed sign-ins from your network, so sign-in is paused here. "
            "Try again in {wait}."
        ),
        slowed="Too many failed sign-ins from your network. Wait {wait}, then try again.",
    )


RESET_EMAIL = Limit(
    scope="reset-email",
    free=RESET_PER_EMAIL,
    limit=RESET_PER_EMAIL,
    window=3600,
    lockout=3600,
    locked="Too many password reset emails asked for this address. Try again in {wait}.",
)
RESET_ADDRESS = Limit(
    scope="reset-address",
    free=RESET_PER_ADDRESS,
    limit=RESET_PER_ADDRESS,
    window=3600,
    lockout=3600,
    locked="Too many password reset requests from your network. Try again in {wait}.",
)


def client_address(request: HttpRequest) -> str:
    """The visitor's address: REMOTE_ADDR, or behind TRUSTED_PROXY_COUNT proxies the entry
    they added to X-Forwarded-For (entries further left can be forged by the visitor)."""
    proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies > 0:
        hops = [
            hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop
        ]
        if len(hops) >= proxies:
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _key(limit: Limit, value: str) -> str:
    digest = hashlib.sha256(value.strip().casefold().encode()).hexdigest()[:32]
    return f"{limit.scope}:{digest}"


class Guard:
    """One attempt against a set of (limit, key) counters."""

    def __init__(self, checks: list[tuple[Limit, str]]) -> None:
        self.checks = checks
        self.counts: list[int] = [0] * len(checks)

    def check(self) -> None:
        """Raise `Refused` while any key waits or is locked; counts nothing."""
        current = now()
        keys = [_key(limit, value) for limit, value in self.checks]
        refused = throttle_counts.refusals(keys, now=current)
        for (limit, _value), key in zip(self.checks, keys, strict=True):
            if key in refused:
                until, kind = refused[key]
                message = limit.locked if kind == "locked" else limit.slowed
                seconds = math.ceil(until - current)
                raise Refused(message.format(wait=wait_text(seconds)), seconds)

    def begin(self) -> None:
        """Refuse (raise `Refused`) while any key waits or is locked, else count the attempt."""
        self.check()
        for index, (limit, value) in enumerate(self.checks):
            self.counts[index] = throttle_counts.increment(
                _key(limit, value), now=now(), window=limit.window
            )
            if self.counts[index] > limit.limit:  # others got there at the same moment
                self._undo(upto=index + 1)
                raise Refused(limit.locked.format(wait=wait_text(limit.lockout)), limit.lockout)

    def failed(self) -> None:
        """The attempt failed (or, for a flood guard, simply happened): slow or lock."""
        current = now()
        for (limit, value), count in zip(self.checks, self.counts, strict=True):
            if count >= limit.limit:
                until = current + limit.lockout
                throttle_counts.block(_key(limit, value), until=until, kind="locked", restart=True)
            elif count > limit.free:
                until = current + min(MAX_WAIT, 2 ** (count - limit.free))
                throttle_counts.block(_key(limit, value), until=until, kind="slowed", restart=False)

    def succeeded(self, *, reset: tuple[str, ...] = ()) -> None:
        """Take this attempt's count back; clear the scopes in `reset` entirely."""
        for (limit, value), count in zip(self.checks, self.counts, strict=True):
            if limit.scope in reset:
                clear(limit, value)
            elif count:
                throttle_counts.decrement(_key(limit, value), now=now())

    def abandon(self) -> None:
        """The attempt crashed before it could succeed or fail: take its counts back if the
        database lets us (if it is what crashed, nothing was counted past its failure)."""
        with contextlib.suppress(Exception):
            self._undo(upto=len(self.checks))
        self.counts = [0] * len(self.checks)

    def _undo(self, upto: int) -> None:
        for (limit, value), count in zip(self.checks[:upto], self.counts[:upto], strict=True):
            if count:
                throttle_counts.decrement(_key(limit, value), now=now())


def clear(limit: Limit, value: str) -> None:
    throttle_counts.clear([_key(limit, value)])


def login_guard(request: HttpRequest, username: str) -> Guard:
    return Guard(
        [
            (login_account_limit(), username),
            (login_address_limit(), client_address(request)),
        ]
    )


def login_clear(username: str) -> None:
    """Forget an account's failed sign-ins (its owner just set a new password)."""
    clear(login_account_limit(), username)


def reset_guard(request: HttpRequest, email: str) -> Guard:
    return Guard([(RESET_EMAIL, email), (RESET_ADDRESS, client_address(request))])


class ThrottledModelBackend(ModelBackend):
    """Django's username-and-password backend behind the login throttle.

    A refused attempt raises PermissionDenied (Django then stops trying backends and
    reports a failed login) and leaves the reason on the request for the login form.
    Calls without a request (the shell, management commands) are not throttled.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if request is None:
            return super().authenticate(request, username, password, **kwargs)
        typed = username if username is not None else kwargs.get("username", "")
        guard = login_guard(request, str(typed or ""))
        try:
            guard.begin()
        except Refused as refusal:
            setattr(request, REQUEST_ATTR, refusal)
            raise PermissionDenied(refusal.message) from None
        except Exception:
            guard.abandon()  # the database went away between two counters
            raise
        try:
            user = super().authenticate(request, username, password, **kwargs)
        except Exception:
            guard.abandon()  # a crash is not a wrong password
            raise
        if user is None:
            guard.failed()
        else:
            guard.succeeded(reset=(login_account_limit().scope,))
        return user

    def get_user(self, user_id: Any) -> Any:
        """The signed-in user of a request, with their roles in the same query."""
        user = user_with_roles(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None

    async def aauthenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        return await sync_to_async(self.authenticate)(request, username, password, **kwargs)
