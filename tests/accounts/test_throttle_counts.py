"""The throttle's counters in the database: one atomic statement per change, so parallel
guesses each get their own count, a lapsed count starts afresh, and nothing goes below zero."""

import pytest
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from accounts import throttle, throttle_counts
from accounts.models import ThrottleCounter
from tests.concurrency import at_once

pytestmark = pytest.mark.django_db


def test_each_attempt_counts_one_and_keeps_the_count_for_another_window():
    assert throttle_counts.increment("k", now=100, window=60) == 1
    assert throttle_counts.increment("k", now=150, window=60) == 2
    assert throttle_counts.increment("k", now=200, window=60) == 3  # 150 + 60 not yet passed
    assert ThrottleCounter.objects.get(key="k").expires == 260


def test_a_lapsed_count_starts_afresh():
    throttle_counts.increment("k", now=100, window=60)
    throttle_counts.increment("k", now=110, window=60)
    assert throttle_counts.increment("k", now=170, window=60) == 1


def test_taking_back_never_goes_below_zero_nor_revives_a_lapsed_count():
    throttle_counts.increment("k", now=100, window=60)
    throttle_counts.decrement("k", now=100)
    throttle_counts.decrement("k", now=100)
    assert ThrottleCounter.objects.get(key="k").count == 0
    throttle_counts.increment("k", now=100, window=60)
    throttle_counts.decrement("k", now=500)  # lapsed: nothing to take back
    assert ThrottleCounter.objects.get(key="k").count == 1


def test_a_lock_starts_the_count_afresh_once_it_lifts():
    for _ in range(3):
        throttle_counts.increment("k", now=100, window=60)
    throttle_counts.block("k", until=1000, kind="locked", restart=True)
    # An attempt already past the check when the lock was set finds the count at the limit.
    assert throttle_counts.increment("k", now=101, window=60) == 4
    assert throttle_counts.refusals(["k", "other"], now=999) == {"k": (1000, "locked")}
    assert throttle_counts.refusals(["k"], now=1000) == {}
    assert throttle_counts.increment("k", now=1001, window=60) == 1


def test_rows_with_nothing_to_remember_are_purged():
    throttle_counts.increment("gone", now=100, window=60)
    throttle_counts.increment("counting", now=100, window=600)
    throttle_counts.increment("locked", now=100, window=60)
    throttle_counts.block("locked", until=5000, kind="locked", restart=True)
    assert throttle_counts.purge(now=200) == 1
    assert set(ThrottleCounter.objects.values_list("key", flat=True)) == {"counting", "locked"}


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_parallel_guesses_cannot_slip_past_the_limit(settings, monkeypatch):
    """Twelve wrong passwords for one account at the same moment, each on its own
    connection: no more reach the password check than the limit allows."""
    settings.LOGIN_FAILURE_LIMIT = 4
    checked = []
    real = ModelBackend.authenticate

    def counted(self, request, username=None, password=None, **kwargs):
        checked.append(username)
        return real(self, request, username, password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counted)
    backend = throttle.ThrottledModelBackend()

    def guess():
        request = RequestFactory().post("/", REMOTE_ADDR="203.0.113.9")
        return backend.authenticate(request, username="target", password="wrong")

    outcomes = at_once(*[guess] * 12)
    assert 1 <= len(checked) <= 4
    assert all(outcome is None or isinstance(outcome, PermissionDenied) for outcome in outcomes)
