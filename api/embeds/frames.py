"""The frame policy of an embed: framed by the sites its league or event lists, only.

Every page of the site says `frame-ancestors 'none'` (settings' CSP) and
`X-Frame-Options: DENY` (Django's middleware). An embed's response widens
`frame-ancestors` to the listed origins for that response only (the approach of
`money.payments.csp`: the middleware reads the policy from the response) and drops
X-Frame-Options, which can't name several sites and which a browser would obey over the
policy's list in older versions. With no site listed the embed keeps `'none'` and DENY.

The origins are read on every request, never kept in the cached body, so a site removed on
the staff page can't frame the embed a moment later.
"""

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.csp import CSP
from django.views.decorators.http import require_safe

FRAME_ANCESTORS = "frame-ancestors"


def _framed(policy: dict, origins: list[str]) -> dict:
    if not policy:
        return policy
    return {**policy, FRAME_ANCESTORS: origins or [CSP.NONE]}


def allow_frames_from(response: HttpResponse, origins: Iterable[str]) -> HttpResponse:
    """Let `origins` (and nobody else) frame this response."""
    listed = sorted(set(origins))
    response._csp_config = _framed(settings.SECURE_CSP, listed)  # type: ignore[attr-defined]
    response._csp_ro_config = _framed(settings.SECURE_CSP_REPORT_ONLY, listed)  # type: ignore[attr-defined]
    if listed:
        response.xframe_options_exempt = True  # type: ignore[attr-defined]
    return response


def embed_view(
    view: Callable[..., tuple[HttpResponse, Iterable[str]]],
) -> Callable[..., HttpResponse]:
    """An embed: read only (GET and HEAD), its view answering the response and the origins
    that may frame it."""

    @require_safe
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response, origins = view(request, *args, **kwargs)
        return allow_frames_from(response, origins)

    return wrapped
