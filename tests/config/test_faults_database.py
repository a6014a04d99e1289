"""The database goes away under a running app server (gunicorn, production settings) and
comes back: meanwhile every page answers 503 with Retry-After and says what to do, and the
sign-ins that crashed are not counted, so afterwards the right password works and one
shared address is not paused. The PostgreSQL server is the test's own, stopped and started
here (`tests.config.own_services`)."""

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests
from django.urls import reverse

from tests.config.own_services import App, OwnPostgres, app_env, make_schema

PASSWORD = "a long pass phrase for the fault tests"
OUTAGE_TEXT = "can't be reached right now"


@pytest.fixture(scope="module")
def postgres() -> Iterator[OwnPostgres]:
    server = OwnPostgres()
    server.start()
    yield server
    server.close()


@pytest.fixture(scope="module")
def app(postgres: OwnPostgres) -> Iterator[App]:
    # Low limits: were crashed attempts counted, a handful would lock the account and address.
    env = app_env(postgres.url, LOGIN_FAILURE_LIMIT="3", LOGIN_ADDRESS_FAILURE_LIMIT="4")
    make_schema(env, ["captain", "partner"], PASSWORD)
    server = App(env)
    yield server
    server.close()


@contextmanager
def outage(postgres: OwnPostgres) -> Iterator[None]:
    postgres.stop()
    try:
        yield
    finally:
        postgres.start()


class Visitor:
    """A browser on loopback: it keeps the Secure cookies, as Chromium does there."""

    def __init__(self, app: App) -> None:
        self.base = app.base
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, **data: str) -> requests.Response:
        answer = requests.request(
            method,
            self.base + path,
            data=data or None,
            cookies=self.cookies,
            allow_redirects=False,
            timeout=60,
        )
        self.cookies.update({cookie.name: cookie.value for cookie in answer.cookies})
        return answer

    def csrf(self) -> str:
        if "csrftoken" not in self.cookies:
            assert self.request("GET", reverse("login")).status_code == 200
        return self.cookies["csrftoken"]

    def sign_in(self, username: str, password: str) -> requests.Response:
        return self.request(
            "POST",
            reverse("login"),
            csrfmiddlewaretoken=self.csrf(),
            username=username,
            password=password,
        )


def _is_the_outage_page(answer: requests.Response) -> bool:
    return (
        answer.status_code == 503
        and answer.headers.get("Retry-After", "").isdigit()
        and OUTAGE_TEXT in answer.text
        and "Nothing was saved" in answer.text
    )


def test_a_database_outage_answers_503_with_retry_after_and_what_to_do(app, postgres):
    member, visitor = Visitor(app), Visitor(app)
    assert member.sign_in("partner", PASSWORD).status_code == 302
    visitor.csrf()
    with outage(postgres):
        assert _is_the_outage_page(visitor.request("GET", reverse("home")))
        # A signed-in page: the session and the user are read in the middleware.
        assert _is_the_outage_page(member.request("GET", reverse("account")))
        assert _is_the_outage_page(member.request("GET", reverse("home")))
        assert _is_the_outage_page(visitor.sign_in("partner", PASSWORD))
    assert member.request("GET", reverse("account")).status_code == 200
    assert visitor.request("GET", reverse("home")).status_code == 200
    assert "Internal Server Error" not in app.output()  # 503s, never a 500


def test_sign_ins_that_crashed_are_not_counted_once_the_database_is_back(app, postgres):
    captain, partner = Visitor(app), Visitor(app)
    captain.csrf()
    partner.csrf()
    with outage(postgres):
        for attempt in range(8):  # over the account's limit (3) and the address's (4)
            guess = PASSWORD if attempt % 2 else "a wrong guess"
            assert _is_the_outage_page(captain.sign_in("captain", guess))
    assert captain.sign_in("captain", PASSWORD).status_code == 302  # signed in
    assert partner.sign_in("partner", PASSWORD).status_code == 302  # same address


def test_wrong_passwords_still_lock_the_account_after_an_outage(app, postgres):
    """The counts are kept in the database: they survive as long as it does."""
    guesser = Visitor(app)
    for _ in range(3):
        assert guesser.sign_in("partner", "a wrong guess").status_code == 200
    answer = guesser.sign_in("partner", PASSWORD)
    assert answer.status_code == 200 and "Too many failed sign-ins" in answer.text
