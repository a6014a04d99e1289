"""A league's activity log, for its staff; the page itself is the activity app's."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from accounts import permissions
from activity.models import Scope
from activity.views import activity_page
from league.seasons.models import League


@login_required
def league_activity(request: HttpRequest, league: str) -> HttpResponse:
    """Every season's cards, forfeits, cancellations and publishing, newest first."""
    league_obj = get_object_or_404(League, slug=league)
    permissions.deny_unless(
        permissions.can_view_league_activity(request.user, league_obj),
        "Only the league's managers can read its activity log.",
    )
    return activity_page(
        request,
        scope_kind=Scope.LEAGUE,
        scope_id=league_obj.pk,
        title=f"{league_obj.name}: activity",
        back_url=reverse("league:league_detail", args=[league_obj.slug]),
        back_label=league_obj.name,
        filename=league_obj.slug,
    )
