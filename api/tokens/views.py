"""The account page's API tokens: list, make (the raw token shown once), revoke."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts import permissions
from api.models import AccessToken
from api.tokens import selectors, services
from api.tokens.forms import TokenForm

# The new token waits here for the one page that shows it (never in the address).
SHOWN_ONCE = "api_token_shown_once"
FIELD_OF = {"scope": "scope", "expiry": "expires"}  # the service's refusals, by field


@never_cache
@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            token, raw = services.token_create(
                user=request.user,
                name=form.cleaned_data["name"],
                scope=form.cleaned_data["scope"],
                expires_in_days=form.expires_in_days(),
            )
        except ValidationError as exc:
            form.add_error(FIELD_OF.get(exc.code or "", "name"), exc)
        else:
            request.session[SHOWN_ONCE] = {"id": token.pk, "raw": raw}
            return redirect("api:tokens")
    shown = request.session.pop(SHOWN_ONCE, None)
    listed = list(selectors.tokens_for(request.user))
    moment = timezone.now()
    for token in listed:
        token.expired = token.expires_at is not None and token.expires_at <= moment
    context = {
        "form": form,
        "tokens": listed,
        "new_token": shown,
    }
    return render(request, "api/tokens/tokens.html", context)


@require_POST
@login_required
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    found = AccessToken.objects.filter(pk=pk)
    if not permissions.is_site_admin(request.user):
        found = found.filter(user_id=request.user.pk)  # another's token is not shown
    token = found.first()
    if token is None:
        raise Http404("No such token.")
    revoked = services.token_revoke(token=token, by=request.user)
    messages.success(request, f"Revoked '{revoked.name}': it no longer works.")
    return redirect("api:tokens")
