"""/favicon.ico: browsers and crawlers ask for it on every site, whatever the page links to.

It sends them to the site's icon among the static files (its name carries the file's hash
once `collectstatic` has run), for a day at a time, so no page logs a missing icon.
"""

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.templatetags.static import static
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

ICON = "img/favicon.svg"


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponseRedirect(static(ICON))
    patch_cache_control(response, public=True, max_age=24 * 60 * 60)
    return response
