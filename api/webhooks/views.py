"""The webhooks pages of a league (its managers) and of an event (its directors)."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.permissions import deny_unless
from api.models import WebhookDelivery, WebhookEndpoint
from api.webhooks import services
from api.webhooks.forms import EndpointEditForm, EndpointForm
from api.webhooks.paths import list_path, page_path
from api.webhooks.selectors import delivery_log, endpoints_of
from league.seasons.models import League
from tournaments.models import Tournament

NOT_YOURS = "Only this league's managers or this event's directors can manage its webhooks."
SECRET_KEY = "webhook_secret:{pk}"


def _owner(request: HttpRequest, kind: str, slugs: dict[str, str]) -> Any:
    """The league (`league=` in the address) or event (`slug=`) the page is of, if `request`'s
    user runs it."""
    model = League if kind == "league" else Tournament
    owner = get_object_or_404(model, slug=slugs.get("league") or slugs.get("slug"))
    deny_unless(services.may_manage(request.user, owner), NOT_YOURS)
    return owner


def _endpoint(owner: Any, kind: str, pk: int) -> WebhookEndpoint:
    return get_object_or_404(
        WebhookEndpoint.objects.select_related("league", "tournament"), pk=pk, **{kind: owner}
    )


def _back(owner: Any, kind: str) -> tuple[str, str]:
    if kind == "league":
        return reverse("league:league_detail", args=[owner.slug]), owner.name
    return reverse("tournaments:manage", args=[owner.slug]), f"Run {owner.name}"


def _keep_secret(request: HttpRequest, endpoint: WebhookEndpoint) -> None:
    """The secret shows once, on the next page: kept in the session until then."""
    request.session[SECRET_KEY.format(pk=endpoint.pk)] = endpoint.secret


@login_required
def webhook_list(request: HttpRequest, kind: str, **slugs: str) -> HttpResponse:
    owner = _owner(request, kind, slugs)
    host = request.get_host()
    form = EndpointForm(request.POST or None, kind=kind, request_host=host)
    if request.method == "POST" and form.is_valid():
        try:
            endpoint = services.endpoint_create(
                by=request.user,
                owner=owner,
                url=form.cleaned_data["url"],
                events=form.cleaned_data["events"],
                fmt=form.cleaned_data["format"],
                request_host=host,
            )
        except ValidationError as refused:
            form.add_error(None, refused)
        else:
            _keep_secret(request, endpoint)
            return redirect(page_path(endpoint))
    back_url, back_label = _back(owner, kind)
    return render(
        request,
        "api/webhooks/list.html",
        {
            "owner": owner,
            "kind": kind,
            "endpoints": endpoints_of(owner, kind),
            "form": form,
            "back_url": back_url,
            "back_label": back_label,
        },
        status=400 if request.method == "POST" else 200,
    )


@login_required
def webhook_detail(request: HttpRequest, pk: int, kind: str, **slugs: str) -> HttpResponse:
    owner = _owner(request, kind, slugs)
    endpoint = _endpoint(owner, kind, pk)
    initial = {"events": endpoint.events, "format": endpoint.format}
    form = EndpointEditForm(request.POST or None, kind=kind, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.endpoint_update(
                by=request.user,
                endpoint=endpoint,
                events=form.cleaned_data["events"],
                fmt=form.cleaned_data["format"],
            )
        except ValidationError as refused:
            form.add_error(None, refused)
        else:
            messages.success(request, "Saved.")
            return redirect(page_path(endpoint))
    return render(
        request,
        "api/webhooks/detail.html",
        {
            "owner": owner,
            "kind": kind,
            "endpoint": endpoint,
            "form": form,
            "secret": request.session.pop(SECRET_KEY.format(pk=endpoint.pk), ""),
            "deliveries": delivery_log(endpoint),
            "list_url": list_path(endpoint),
        },
        status=400 if request.method == "POST" else 200,
    )


ACTIONS = ("test", "rotate", "disable", "enable", "delete")


@login_required
@require_POST
def webhook_action(
    request: HttpRequest, pk: int, action: str, kind: str, **slugs: str
) -> HttpResponse:
    owner = _owner(request, kind, slugs)
    endpoint = _endpoint(owner, kind, pk)
    if action not in ACTIONS:
        raise Http404("No such action.")
    by = request.user
    try:
        if action == "test":
            services.endpoint_ping(by=by, endpoint=endpoint)
            messages.success(request, "A test delivery is on its way: see the log below.")
        elif action == "rotate":
            services.endpoint_rotate_secret(by=by, endpoint=endpoint)
            _keep_secret(request, endpoint)
        elif action in ("disable", "enable"):
            services.endpoint_set_active(by=by, endpoint=endpoint, active=action == "enable")
            messages.success(request, f"Webhook {action}d.")
        else:
            back = list_path(endpoint)
            services.endpoint_delete(by=by, endpoint=endpoint)
            messages.success(request, "Webhook deleted.")
            return redirect(back)
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    return redirect(page_path(endpoint))


@login_required
@require_POST
def webhook_retry(
    request: HttpRequest, pk: int, delivery: int, kind: str, **slugs: str
) -> HttpResponse:
    owner = _owner(request, kind, slugs)
    endpoint = _endpoint(owner, kind, pk)
    row = get_object_or_404(WebhookDelivery, pk=delivery, endpoint=endpoint)
    try:
        services.delivery_retry(by=request.user, delivery=row)
        messages.success(request, "Queued to be sent again now.")
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    return redirect(page_path(endpoint))
