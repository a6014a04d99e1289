"""Friendly error pages that still render when the database is the problem."""

from django.http import HttpRequest, HttpResponse
from django.template import loader


def _render(request: HttpRequest, template: str, status: int, context: dict) -> HttpResponse:
    body = loader.get_template(template).render(context, request)
    return HttpResponse(body, status=status)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    message = str(exception) or "You don't have permission to see this page."
    return _render(request, "403.html", 403, {"message": message})


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _render(request, "404.html", 404, {"path": request.path})


def server_error(request: HttpRequest) -> HttpResponse:
    # No request context: the context processors may be what failed.
    body = loader.get_template("500.html").render({})
    return HttpResponse(body, status=500)
