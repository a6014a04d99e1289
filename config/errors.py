"""Friendly error pages that still render when the database is the problem."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.templatetags.static import static


def _render(request: HttpRequest, template: str, status: int, context: dict) -> HttpResponse:
    body = loader.get_template(template).render(context, request)
    return HttpResponse(body, status=status)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    message = str(exception) or "You don't have permission to see this page."
    return _render(request, "403.html", 403, {"message": message})


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _render(request, "404.html", 404, {"path": request.path})


def _error_stylesheet() -> str:
    # A file, not inline style (the CSP refuses that); the plain name if the
    # static manifest is what failed, since whitenoise serves unhashed names too.
    try:
        return static("css/error.css")
    except Exception:
        return f"{settings.STATIC_URL}css/error.css"


def server_error(request: HttpRequest) -> HttpResponse:
    # No request context: the context processors may be what failed.
    body = loader.get_template("500.html").render({"stylesheet": _error_stylesheet()})
    return HttpResponse(body, status=500)
