"""A person's profile (name always; the rest as they choose, or all to them and their staff)
and the page where they choose what it shows."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from accounts.permissions import player_id_for
from inputs.paging import table_configure
from people.forms_profiles import ProfileChoiceForm
from people.selectors import profiles
from people.services.profiles import profile_choice_update
from people.tables import GamesTable

GAMES_PER_PAGE = 20


@require_safe
def profile(request: HttpRequest, pk: int) -> HttpResponse:
    player, moved = profiles.player_kept(pk)
    if player is None:
        raise Http404("No such player.")
    if moved:  # a merged-away record's links (old emails, bookmarks) land on the kept one
        return redirect("people:profile", pk=player.pk, permanent=False)
    seen = profiles.profile_visibility(request.user, player)
    context = {"player": player, "seen": seen}
    if seen.results:
        games = GamesTable(profiles.recent_lines(player))
        context |= {
            "record": profiles.record_overall(player),
            "seasons": profiles.records_by_season(player),
            "events": profiles.records_by_event(player),
            "teams": profiles.teams_played_for(player),
            "partners": profiles.partners_most_frequent(player),
            "games": table_configure(request, games, per_page=GAMES_PER_PAGE),
        }
    if seen.statistics:
        context["stats"] = profiles.hand_statistics(profiles.recent_lines(player).order_by())
    if seen.rating:
        context["rating"] = profiles.rating_summary(player)
    context["is_me"] = player_id_for(request.user) == player.pk
    return render(request, "people/profiles/profile.html", context)


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
