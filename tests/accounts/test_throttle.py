"""The login throttle: failures for one account or from one address are slowed, then refused
for a while with a message that says why and for how long; a success resets the account."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.backends import ModelBackend
from django.core import mail
from django.core.cache import cache
from django.db import OperationalError
from django.test import RequestFactory
from django.urls import reverse

from accounts import throttle
from accounts.models import ThrottleCounter
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


class Clock:
    def __init__(self) -> None:
        self.time = 1_000_000.0

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(throttle, "now", fake)
    return fake


def _log_in(client, username, password, address="203.0.113.5"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def _pending_wait(username: str, address: str = "203.0.113.5") -> int | None:
    """The seconds the next attempt for `username` from `address` would be refused for."""
    request = RequestFactory().post("/", REMOTE_ADDR=address)
    try:
        throttle.login_guard(request, username).check()
    except throttle.Refused as refusal:
        return refusal.seconds
    return None


def _guess(client, clock, username, address="203.0.113.5"):
    """A wrong password from a script that waits out every delay (but not a lockout)."""
    response = _log_in(client, username, "wrong-guess", address)
    wait = _pending_wait(username, address)
    if wait is not None and wait <= throttle.MAX_WAIT:
        clock.advance(wait)
    return response


def _signed_in(client) -> bool:
    return SESSION_KEY in client.session


def _waits(response) -> int | None:
    """The seconds a 'Wait N seconds' refusal asks for, else None."""
    text = response.content.decode()
    if "Wait " not in text:
        return None
    return int(text.split("Wait ", 1)[1].split(" ", 1)[0])


def test_a_hundred_wrong_passwords_then_the_right_one_do_not_get_in(client, clock):
    """A burst: the clock stands still, so most guesses are refused unchecked."""
    user = UserFactory()
    for _ in range(100):
        _log_in(client, user.username, "wrong-guess")
    response = _log_in(client, user.username, PASSWORD)
    assert not _signed_in(client)
    text = response.content.decode()
    assert "Too many failed sign-ins for this account" in text
    assert "Wait " in text and "seconds" in text


def test_a_patient_guesser_is_locked_out_for_fifteen_minutes_even_with_the_right_password(
    client, clock
):
    user = UserFactory()
    for _ in range(100):
        _guess(client, clock, user.username)
    response = _log_in(client, user.username, PASSWORD)
    assert not _signed_in(client)
    text = response.content.decode()
    assert "this account, so it is locked" in text
    assert "Try again in 15 minutes" in text
    assert "reset your password" in text


def test_the_lock_lifts_after_its_time_and_the_right_password_then_works(client, clock):
    user = UserFactory()
    for _ in range(10):
        _guess(client, clock, user.username)
    assert "locked" in _log_in(client, user.username, PASSWORD).content.decode()
    clock.advance(14 * 60)
    assert "Try again in 60 seconds" in _log_in(client, user.username, PASSWORD).content.decode()
    clock.advance(61)
    _log_in(client, user.username, PASSWORD)
    assert _signed_in(client)


def test_the_first_failures_are_free_then_each_wait_doubles(client, clock):
    user = UserFactory()
    waits = []
    for _ in range(9):
        response = _log_in(client, user.username, "wrong-guess")
        assert "correct username and password" in response.content.decode()
        waits.append(_pending_wait(user.username))
        clock.advance(waits[-1] or 0)
    assert waits == [None, None, None, None, None, 2, 4, 8, 16]
    _log_in(client, user.username, "wrong-guess")
    assert _pending_wait(user.username) == 15 * 60


def test_a_wait_is_refused_without_checking_the_password(client, clock):
    user = UserFactory()
    for _ in range(6):
        _log_in(client, user.username, "wrong-guess")
    response = _log_in(client, user.username, PASSWORD)
    assert _waits(response) == 2
    assert not _signed_in(client)
    clock.advance(2)
    _log_in(client, user.username, PASSWORD)
    assert _signed_in(client)


def test_a_success_resets_the_accounts_count(client, clock):
    user = UserFactory()
    for _ in range(4):
        _log_in(client, user.username, "wrong-guess")
    _log_in(client, user.username, PASSWORD)
    assert _signed_in(client)
    client.logout()
    for _ in range(5):
        _log_in(client, user.username, "wrong-guess")
        assert _pending_wait(user.username) is None  # five free failures again, not 4 + 5
    _log_in(client, user.username, PASSWORD)
    assert _signed_in(client)


def test_one_account_locked_does_not_lock_another(client, clock):
    target, bystander = UserFactory(), UserFactory()
    for _ in range(10):
        _guess(client, clock, target.username)
    _log_in(client, bystander.username, PASSWORD)
    assert _signed_in(client)


def test_many_failures_across_accounts_from_one_address_limit_another_account(client, clock):
    user = UserFactory()
    # Two wrong guesses for each of 30 usernames: no account is slowed, the address is.
    for n in range(30):
        for _ in range(2):
            _guess(client, clock, f"someone{n}")
    response = _log_in(client, user.username, PASSWORD)
    assert not _signed_in(client)
    text = response.content.decode()
    assert "Too many failed sign-ins from your network" in text
    assert "Try again in 15 minutes" in text
    # The same account from another address signs in.
    _log_in(client, user.username, PASSWORD, address="198.51.100.20")
    assert _signed_in(client)


def test_the_address_is_slowed_before_it_is_refused(client, clock):
    for n in range(31):
        _log_in(client, f"someone{n}", "wrong-guess")
    response = _log_in(client, "someone-else", "wrong-guess")
    assert "from your network. Wait 2 seconds" in response.content.decode()


def test_signing_in_does_not_count_against_the_address(client, clock, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 4
    users = [UserFactory() for _ in range(6)]
    for user in users:
        _log_in(client, user.username, PASSWORD)
        assert _signed_in(client)
        client.logout()


def test_the_limits_come_from_the_settings(client, clock, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    settings.LOGIN_LOCKOUT_MINUTES = 5
    user = UserFactory()
    _guess(client, clock, user.username)
    _guess(client, clock, user.username)
    response = _log_in(client, user.username, PASSWORD)
    assert "Try again in 5 minutes" in response.content.decode()


def test_the_admin_sign_in_is_throttled_too(client, clock):
    admin = UserFactory(is_staff=True, is_superuser=True)
    for _ in range(10):
        client.post(
            reverse("admin:login"),
            {"username": admin.username, "password": "wrong-guess"},
            REMOTE_ADDR="203.0.113.5",
        )
        clock.advance(60)
    client.post(
        reverse("admin:login"),
        {"username": admin.username, "password": PASSWORD},
        REMOTE_ADDR="203.0.113.5",
    )
    assert not _signed_in(client)


def test_unknown_usernames_are_throttled_like_real_ones(client, clock):
    for _ in range(10):
        _guess(client, clock, "nobody-here")
    response = _log_in(client, "nobody-here", "wrong-guess")
    assert "this account, so it is locked" in response.content.decode()


def _cache_down(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    for name in ("get", "add", "incr", "decr", "set", "delete", "delete_many", "get_many"):
        monkeypatch.setattr(cache, name, down)


def test_a_cache_outage_still_lets_people_sign_in(client, monkeypatch):
    _cache_down(monkeypatch)
    user = UserFactory()
    _log_in(client, user.username, PASSWORD)
    assert _signed_in(client)


def test_a_cache_outage_does_not_open_the_throttle(client, clock, monkeypatch):
    _cache_down(monkeypatch)
    user = UserFactory()
    for _ in range(15):
        _guess(client, clock, user.username)
    response = _log_in(client, user.username, PASSWORD)
    assert not _signed_in(client)
    assert "this account, so it is locked" in response.content.decode()


def test_password_reset_stays_limited_while_the_cache_is_down(client, monkeypatch):
    _cache_down(monkeypatch)
    for n in range(throttle.RESET_PER_ADDRESS):
        client.post(reverse("password_reset"), {"email": f"person{n}@example.com"})
    response = client.post(reverse("password_reset"), {"email": "another@example.com"})
    assert "Too many password reset requests from your network" in response.content.decode()


def test_attempts_that_crash_are_not_counted(client, clock, monkeypatch):
    """The database went away while passwords were checked: after it is back, the right
    password works and the address (a bar's shared wifi) is not paused."""
    user = UserFactory()

    def crash(*args, **kwargs):
        raise OperationalError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr(ModelBackend, "authenticate", crash)
        for _ in range(throttle.login_address_limit().limit + 5):
            with pytest.raises(OperationalError):
                _log_in(client, user.username, "wrong-guess")
    assert ThrottleCounter.objects.filter(count__gt=0).count() == 0
    assert _pending_wait(user.username) is None
    _log_in(client, user.username, PASSWORD)
    assert _signed_in(client)


def test_a_crash_takes_back_only_its_own_count(client, clock, monkeypatch):
    user = UserFactory()
    for _ in range(3):
        _log_in(client, user.username, "wrong-guess")
    with monkeypatch.context() as patched:
        patched.setattr(ModelBackend, "authenticate", lambda *a, **k: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            _log_in(client, user.username, "wrong-guess")
    counts = set(ThrottleCounter.objects.values_list("count", flat=True))
    assert counts == {3}


def test_a_crash_between_the_two_counters_takes_back_the_first(client, clock, monkeypatch):
    user = UserFactory()
    real = throttle.throttle_counts.increment
    calls = []

    def second_fails(key, **kwargs):
        calls.append(key)
        if len(calls) == 2:
            raise OperationalError("the database went away")
        return real(key, **kwargs)

    monkeypatch.setattr(throttle.throttle_counts, "increment", second_fails)
    with pytest.raises(OperationalError):
        _log_in(client, user.username, "wrong-guess")
    assert list(ThrottleCounter.objects.values_list("count", flat=True)) == [0]


def test_the_sign_out_everywhere_password_check_is_throttled(client, clock):
    user = UserFactory()
    client.force_login(user)
    for _ in range(10):
        client.post(
            reverse("sign_out_everywhere"), {"password": "wrong-guess"}, REMOTE_ADDR="203.0.113.5"
        )
        wait = _pending_wait(user.username)
        clock.advance(wait if wait and wait <= throttle.MAX_WAIT else 0)
    response = client.post(reverse("sign_out_everywhere"), {"password": PASSWORD})
    assert "locked" in response.content.decode()


def test_password_reset_requests_for_one_address_are_limited(
    client, django_capture_on_commit_callbacks
):
    user = UserFactory()
    for n in range(throttle.RESET_PER_EMAIL):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("password_reset"), {"email": user.email})
        assert response.status_code == 302, n
    response = client.post(reverse("password_reset"), {"email": user.email})
    assert response.status_code == 200
    assert "Too many password reset emails asked for this address" in response.content.decode()
    assert "Try again in 60 minutes" in response.content.decode()
    assert len(mail.outbox) == throttle.RESET_PER_EMAIL


def test_password_reset_requests_from_one_visitor_are_limited(client):
    for n in range(throttle.RESET_PER_ADDRESS):
        client.post(reverse("password_reset"), {"email": f"person{n}@example.com"})
    response = client.post(reverse("password_reset"), {"email": "another@example.com"})
    assert "Too many password reset requests from your network" in response.content.decode()


@pytest.mark.parametrize(
    ("proxies", "forwarded", "remote", "expected"),
    [
        (0, "198.51.100.1", "10.0.0.1", "10.0.0.1"),
        (1, "198.51.100.1", "10.0.0.1", "198.51.100.1"),
        (1, "6.6.6.6, 198.51.100.1", "10.0.0.1", "198.51.100.1"),  # forged entry ignored
        (2, "198.51.100.1, 10.0.0.2", "10.0.0.1", "198.51.100.1"),
        (2, "", "10.0.0.1", "10.0.0.1"),
    ],
)
def test_the_visitors_address_trusts_only_the_configured_proxies(
    settings, proxies, forwarded, remote, expected
):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR=remote)
    assert throttle.client_address(request) == expected


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (1, "1 second"),
        (8, "8 seconds"),
        (89, "89 seconds"),
        (90, "2 minutes"),
        (900, "15 minutes"),
        (3600, "60 minutes"),
        (7200, "2 hours"),
        (259200, "3 days"),
    ],
)
def test_waits_read_naturally(seconds, text):
    assert throttle.wait_text(seconds) == text
