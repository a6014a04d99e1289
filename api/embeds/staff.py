"""The staff pages of the embeds: a league's managers or an event's directors list the sites
allowed to frame them, and copy the snippets for those sites."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from accounts import permissions
from api.embeds import selectors, services
from api.embeds.forms import OriginForm
from api.embeds.snippets import event_snippets, season_snippets
from inputs.bounds import typed_number
from league.seasons.models import League
from tournaments.models import Tournament


@login_required
def league_embeds(request: HttpRequest, league: str) -> HttpResponse:
    league_obj = get_object_or_404(League, slug=league)
    permissions.deny_unless(
        permissions.can_manage_league(request.user, league_obj), services.NOT_YOUR_LEAGUE
    )

    def snippets() -> list:
        return [
            s
            for season in selectors.seasons_for_snippets(league_obj)
            for s in season_snippets(request, season)
        ]

    return _staff_page(
        request,
        {"league": league_obj},
        name=league_obj.name,
        back_url=reverse("league:league_detail", args=[league_obj.slug]),
        snippets=snippets,
    )


@login_required
def event_embeds(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.deny_unless(
        permissions.can_run_tournament(request.user, tournament), services.NOT_YOUR_EVENT
    )
    return _staff_page(
        request,
        {"tournament": tournament},
        name=tournament.name,
        back_url=reverse("tournaments:manage", args=[tournament.slug]),
        snippets=lambda: event_snippets(request, tournament),
        no_embed=""
        if tournament.is_progressive
        else "Only progressive events have a leaderboard to embed.",
    )


def _staff_page(
    request: HttpRequest,
    owner: dict,
    *,
    name: str,
    back_url: str,
    snippets: Callable[[], list],
    no_embed: str = "",
) -> HttpResponse:
    """The page both owners share: their listed sites, the form to add one, the snippets."""
    if request.method == "POST":
        form = _changed(request, owner)
        if form is None:
            return redirect(request.path)
    else:
        form = OriginForm()
    return render(
        request,
        "api/embeds/staff.html",
        {
            "title": f"{name}: embeds",
            "name": name,
            "back_url": back_url,
            "origins": selectors.origins_listed(**owner),
            "form": form,
            "snippets": snippets(),  # built only for the page, not for a redirect
            "no_embed": no_embed,
        },
    )


def _changed(request: HttpRequest, owner: dict) -> OriginForm | None:
    """Add or remove a site (the POST's `remove` names a listed row); None once done (the
    page is shown again by a redirect), else the form with its errors."""
    if "remove" in request.POST:
        origin_id = typed_number(request.POST.get("remove"))
        removed = None
        if origin_id is not None:
            removed = services.embed_origin_remove(by=request.user, origin_id=origin_id, **owner)
        if removed:
            messages.success(request, f"{removed} can no longer show the embeds.")
        else:
            messages.info(request, "That site wasn't on the list (removed already?).")
        return None
    form = OriginForm(request.POST)
    if not form.is_valid():
        return form
    try:
        row = services.embed_origin_add(
            by=request.user, origin=form.cleaned_data["origin"], **owner
        )
    except ValidationError as exc:
        form.add_error("origin", exc)
        return form
    messages.success(request, f"{row.origin} can now show the embeds.")
    return None
