"""A Permissions-Policy header on every response (Django has no setting for it).

`settings.PERMISSIONS_POLICY` maps each browser feature to the origins allowed to use it:
an empty list turns the feature off for every page, ["self"] allows the site's own pages.
"""

from collections.abc import Callable, Mapping, Sequence

from django.conf import settings
from django.http import HttpRequest, HttpResponse


def permissions_policy(features: Mapping[str, Sequence[str]]) -> str:
    """`camera=(), fullscreen=(self)`: the header's structured-field form."""
    return ", ".join(f"{feature}=({' '.join(origins)})" for feature, origins in features.items())


class PermissionsPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        header = permissions_policy(getattr(settings, "PERMISSIONS_POLICY", {}))
        if header and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = header
        return response
