"""The 500 page renders without the request's context, and within the CSP; a database
outage answers 503 with Retry-After instead."""

import pytest
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory
from django.urls import reverse

from config import errors
from tests.factories import UserFactory


def test_the_server_error_page_links_its_stylesheet_instead_of_inlining_it():
    response = errors.server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert 'rel="stylesheet"' in page and "css/error" in page
    assert "<style" not in page


def test_it_still_names_the_stylesheet_when_the_static_manifest_fails(monkeypatch):
    def broken(path):
        raise ValueError("Missing staticfiles manifest entry")

    monkeypatch.setattr(errors, "static", broken)
    page = errors.server_error(RequestFactory().get("/")).content.decode()
    assert 'href="/static/css/error.css"' in page


def _answer_to(error: Exception):
    try:
        raise error
    except Exception:
        return errors.server_error(RequestFactory().get("/"))


def test_a_database_outage_answers_503_with_retry_after_and_what_to_do():
    response = _answer_to(OperationalError("connection refused"))
    page = response.content.decode()
    assert response.status_code == 503
    assert response["Retry-After"] == str(errors.RETRY_AFTER_SECONDS)
    assert "can't be reached right now" in page and "Nothing was saved" in page
    assert "Keep the paper card" in page
    assert 'rel="stylesheet"' in page and "<style" not in page


def test_an_error_raised_from_a_lost_connection_is_an_outage_too():
    try:
        raise InterfaceError("connection already closed")
    except InterfaceError as lost:
        wrapped = ValueError("while reading the session")
        wrapped.__cause__ = lost
    assert _answer_to(wrapped).status_code == 503


def test_a_bug_is_still_a_500():
    response = _answer_to(ValueError("a bug"))
    assert response.status_code == 500 and "Retry-After" not in response


def _down(*args, **kwargs):
    raise OperationalError("could not connect to server: Connection refused")


@pytest.mark.parametrize(
    "broken",
    [
        "django.contrib.sessions.backends.db.SessionStore.load",
        "accounts.throttle.ThrottledModelBackend.get_user",
    ],
)
@pytest.mark.django_db
def test_a_database_outage_in_the_session_or_auth_middleware_answers_503(
    client, monkeypatch, broken
):
    client.force_login(UserFactory())
    monkeypatch.setattr(broken, _down)
    client.raise_request_exception = False
    response = client.get(reverse("login"))
    assert response.status_code == 503
    assert "can't be reached right now" in response.content.decode()
    assert response["Retry-After"] == str(errors.RETRY_AFTER_SECONDS)
