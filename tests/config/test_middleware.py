"""Security headers on every response: the Content-Security-Policy and the Permissions-Policy."""

import pytest
from django.test import override_settings

from config.middleware import permissions_policy

pytestmark = pytest.mark.django_db


def _directives(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


@pytest.mark.parametrize("path", ["/", "/tournaments/", "/accounts/login/", "/no-such-page/"])
def test_pages_carry_the_content_security_policy(client, path):
    directives = _directives(client.get(path))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in " ".join(directives.values())


def test_pages_carry_the_permissions_policy(client):
    header = client.get("/")["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment"):
        assert f"{feature}=()" in header


def test_htmx_partials_carry_them_too(client):
    response = client.get("/tournaments/", HTTP_HX_REQUEST="true")
    assert "Content-Security-Policy" in response
    assert "Permissions-Policy" in response


def test_a_trial_run_reports_instead_of_blocking(client, settings):
    settings.SECURE_CSP_REPORT_ONLY, settings.SECURE_CSP = settings.SECURE_CSP, {}
    response = client.get("/")
    assert "Content-Security-Policy" not in response
    assert "script-src 'self'" in response["Content-Security-Policy-Report-Only"]


def test_the_permissions_policy_is_written_as_the_header_expects():
    assert permissions_policy({"camera": [], "fullscreen": ["self"]}) == (
        "camera=(), fullscreen=(self)"
    )


@override_settings(PERMISSIONS_POLICY={})
def test_no_permissions_policy_is_sent_when_none_is_set(client):
    assert "Permissions-Policy" not in client.get("/")
