"""JSON for the API's addresses that Django answers before the API does.

An address under /api/v1/ that matches no operation is Django's 404 (the site's page), and
a method an operation doesn't take is ninja's `405 Method not allowed` in plain text: a
script reading the API got HTML or a bare line where every other refusal is JSON with a
`detail` sentence. This middleware answers those two in the API's own form, keeping the
status and the `Allow` header; the rest of the site keeps its pages.
"""

import functools
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse


@functools.cache
def _api_root() -> str:
    """The API's root, reversed once per process."""
    return reverse("api_v1:api-root")


def _is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


def _detail(request: HttpRequest, response: HttpResponse) -> str:
    if response.status_code == 404:
        docs = f"{_api_root()}docs"
        return f"No API operation at {request.path}; the operations are listed at {docs}."
    allowed = response.get("Allow", "")
    return f"{request.method} is not allowed here; this address takes {allowed or 'no method'}."


class ApiErrorsAsJsonMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code not in (404, 405)
            or _is_json(response)
            or not request.path.startswith(_api_root())
        ):
            return response
        answer = JsonResponse({"detail": _detail(request, response)}, status=response.status_code)
        if "Allow" in response:
            answer["Allow"] = response["Allow"]
        return answer
