"""Friendly error pages that still render when the database is the problem.

An error raised because the database is unreachable (in a view or in a middleware: the
session, the signed-in user) is answered 503 with Retry-After and a page that says
nothing was saved and to try again shortly, instead of the 500 of a bug.
"""

import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError
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


RETRY_AFTER_SECONDS = 30  # what a 503 asks a browser or a script to wait
_DRIVER_ERRORS = ("OperationalError", "InterfaceError")  # the same names in every DB-API driver


def database_unreachable(error: BaseException | None) -> bool:
    """Whether `error`, or an error it was raised from, says the database can't be reached
    (Django's wrappers, or a driver's own error that escaped them)."""
    for _ in range(10):  # a chain of causes, never a loop
        if error is None:
            return False
        if isinstance(error, OperationalError | InterfaceError):
            return True
        kind = type(error)
        if kind.__name__ in _DRIVER_ERRORS and kind.__module__.startswith(("psycopg", "sqlite3")):
            return True
        error = error.__cause__ or error.__context__
    return False


def server_error(request: HttpRequest) -> HttpResponse:
    # No request context: the context processors may be what failed (and the database).
    context = {"stylesheet": _error_stylesheet()}
    if database_unreachable(sys.exc_info()[1]):
        body = loader.get_template("503.html").render(context)
        response = HttpResponse(body, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
    body = loader.get_template("500.html").render(context)
    return HttpResponse(body, status=500)
