"""The director's "Assign flights now": deal the entries into flights before the start."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from accounts.permissions import can_run_tournament, deny_unless
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.services.flights import NOT_YOURS, flights_assign, flights_summary


@login_required
@require_POST
def flights_assign_now(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    deny_unless(can_run_tournament(request.user, tournament), NOT_YOURS)
    try:
        counts = flights_assign(tournament=tournament, by=request.user)
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"Flights assigned: {flights_summary(counts)}. "
            "The start deals them again from the players checked in then.",
        )
    return redirect("tournaments:manage", tournament.slug)
