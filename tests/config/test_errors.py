"""The 500 page renders without the request's context, and within the CSP."""

from django.test import RequestFactory

from config import errors


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
