"""A tournament's activity log, for its director; the page itself is the activity app's."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from accounts import permissions
from activity.models import Scope
from activity.views import activity_page
from tournaments.models import Tournament


@login_required
def tournament_activity(request: HttpRequest, slug: str) -> HttpResponse:
    """The director's actions and every card of the event, newest first."""
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.deny_unless(
        permissions.can_view_tournament_activity(request.user, tournament),
        "Only this tournament's director can read its activity log.",
    )
    return activity_page(
        request,
        scope_kind=Scope.TOURNAMENT,
        scope_id=tournament.pk,
        title=f"{tournament.name}: activity",
        back_url=reverse("tournaments:manage", args=[tournament.slug]),
        back_label=f"Run {tournament.name}",
        filename=tournament.slug,
    )
