"""The public list of sign-ups open now (/money/)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from money.setup import selectors


@require_safe
def sign_up_index(request: HttpRequest) -> HttpResponse:
    rows = [(sign_up, selectors.places_of(sign_up)) for sign_up in selectors.open_sign_ups()]
    return render(request, "money/setup/index.html", {"rows": rows})
