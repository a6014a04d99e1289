"""The texts sent to the signed-in person's phone, while texts go to the database (the
demo, a test site): there the page stands in for the phone. With any other backend
(Twilio in production) the page does not exist."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from notices.text_selectors import database_texts_in_use, texts_visible_to

TEXTS_PER_PAGE = 25

View = Callable[..., HttpResponse]


def _texts_kept_here(view: View) -> View:
    """Not found unless SMS_BACKEND is the database backend, for everyone."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not database_texts_in_use():
            raise Http404("Texts are not kept on this site.")
        return view(request, *args, **kwargs)

    return wrapped


@require_GET
@_texts_kept_here
@login_required
def texts_received(request: HttpRequest) -> HttpResponse:
    """Newest first, a page at a time."""
    visible = texts_visible_to(request.user)
    page = Paginator(visible.texts, TEXTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "notices/texts.html",
        {"page": page, "everyone": visible.everyone, "phones": sorted(visible.phones)},
    )
