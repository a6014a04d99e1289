"""Loading the demo for tests: inside a transaction rolled back afterwards (each test then
runs in a savepoint of it), optionally with the clock moved on by some days (to prove the
demo's dates follow the day of loading)."""

import datetime
import io
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from django.utils import timezone

FAST_HASHER = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@contextmanager
def clock_moved_on(days: int) -> Iterator[None]:
    """timezone.now() (and so localdate()) `days` later, for everything that asks."""
    patch = pytest.MonkeyPatch()
    if days:
        real_now = timezone.now
        patch.setattr(timezone, "now", lambda: real_now() + datetime.timedelta(days=days))
    try:
        yield
    finally:
        patch.undo()


@contextmanager
def demo_loaded(blocker, days: int = 0) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """Load the demo `days` from today; yields what it printed; rolls it all back after."""
    with clock_moved_on(days):
        out = io.StringIO()
        with blocker.unblock():
            outer = transaction.atomic()
            outer.__enter__()
            try:
                with override_settings(PASSWORD_HASHERS=FAST_HASHER):
                    call_command("load_demo", stdout=out)
            except BaseException:
                transaction.set_rollback(True)
                outer.__exit__(None, None, None)
                raise
        try:
            yield out.getvalue()
        finally:
            with blocker.unblock():
                transaction.set_rollback(True)
                outer.__exit__(None, None, None)
