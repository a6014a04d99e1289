"""A person's profile (name always; the rest as they choose, or all to them and their staff)
and the page where they choose what it shows."""

from math import ceil

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_safe

from accounts.permissions import player_id_for
from inputs.paging import table_configure
from league.models import Player
from people.forms_profiles import ProfileChoiceForm
from people.page_cache import kept_text, page_asked, page_key, request_with
from people.selectors import profiles
from people.services.profiles import profile_choice_update
from people.tables import GamesTable
from people.whole_pages import chrome_digest, kept_page, signed_out_visit

GAMES_PER_PAGE = 20


# A net under the stamp: the names of the teams, seasons, events and partners on the page
# are read when it is built, and a rename of one shows within this.
BODY_SECONDS = 10 * 60


BODY_TEMPLATE = "people/profiles/_profile_body.html"
PAGE_TEMPLATE = "people/profiles/profile.html"


def _body(request: HttpRequest, player: Player, seen: profiles.Visibility, key: str) -> str:
    """Everything under the heading, rendered once per stamp of the player, viewer class
    (what the viewer may see) and page of games (`key`), for the normalised address only."""

    def build() -> str:
        asked = request_with(request, page=_page_of_games(request, player))
        context: dict = {"player": player, "seen": seen}
        if seen.results:
            games = GamesTable(profiles.recent_lines(player))
            context |= {
                "record": profiles.record_overall(player),
                "seasons": profiles.records_by_season(player),
                "events": profiles.records_by_event(player),
                "teams": profiles.teams_played_for(player),
                "partners": profiles.partners_most_frequent(player),
                "games": table_configure(asked, games, per_page=GAMES_PER_PAGE),
            }
        if seen.statistics:
            context["stats"] = profiles.hand_statistics(profiles.recent_lines(player).order_by())
        if seen.rating:
            context["rating"] = profiles.rating_summary(player)
        return render_to_string(BODY_TEMPLATE, context, asked)

    return kept_text(key, build, seconds=BODY_SECONDS)


def _page_of_games(request: HttpRequest, player: Player) -> int:
    pages = max(1, ceil((getattr(player, "line_count", None) or 0) / GAMES_PER_PAGE))
    return page_asked(request, last=pages)


@require_safe
def profile(request: HttpRequest, pk: int) -> HttpResponse:
    player = profiles.player_stamped(pk)
    if player is None:
        raise Http404("No such player.")
    if player.merged_into_id:
        kept, moved = profiles.player_kept(pk)
        if moved and kept is not None:  # a merged-away record's links land on the kept one
            return redirect("people:profile", pk=kept.pk, permanent=False)
    seen = profiles.visibility_stamped(request.user, player)
    stamp = (profiles.profile_stamp(player, seen), _page_of_games(request, player))
    key = page_key("profile", chrome_digest(BODY_TEMPLATE), *stamp)

    def context(**extra: object) -> dict:
        return {
            "player": player,
            "seen": seen,
            "body": mark_safe(_body(request, player, seen, key)),  # noqa: S308  (our template's output, kept as is)
            "is_me": seen.everything and player_id_for(request.user) == player.pk,
            **extra,
        }

    # Signed out, the whole page is the public's, kept per the same stamp.
    if signed_out_visit(request, reverse("people:profile", args=[player.pk])):
        whole = page_key("profile-page", chrome_digest(PAGE_TEMPLATE), key)
        kept = kept_page(
            request,
            whole,
            lambda extra: render_to_string(PAGE_TEMPLATE, context(**extra), request),
            seconds=BODY_SECONDS,
        )
        return HttpResponse(kept)
    return render(request, PAGE_TEMPLATE, context())


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def my_profile(request: HttpRequest) -> HttpResponse:
    player_id = player_id_for(request.user)
    player = profiles.player_kept(player_id)[0] if player_id else None
    if player is None:
        return render(request, "people/profiles/my_profile.html", {"player": None})
    choice = profiles.profile_choice_for(player)
    # A post with every box unticked is an empty QueryDict: still a bound form.
    data = request.POST if request.method == "POST" else None
    form = ProfileChoiceForm(data, instance=choice)
    if request.method == "POST" and form.is_valid():
        try:
            profile_choice_update(actor=request.user, player=player, **form.cleaned_data)
        except PermissionDenied as refused:
            messages.error(request, str(refused))
        else:
            messages.success(request, "Saved: your profile shows what you chose.")
            return redirect("people:my_profile")
    return render(request, "people/profiles/my_profile.html", {"player": player, "form": form})
