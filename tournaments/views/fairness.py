"""The public fairness sheet of a progressive event."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.permissions import can_run_tournament
from tournaments.models import Tournament
from tournaments.selectors.fairness import fairness_view


def fairness(request: HttpRequest, slug: str) -> HttpResponse:
    """For every player: partners, opponents, tables and sit-outs so far; and what the
    rotation guarantees. A fixed number of queries whatever the size of the field."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_progressive:
        raise Http404("Only progressive events rotate players.")
    return render(
        request,
        "tournaments/fairness.html",
        {
            "tournament": tournament,
            "view": fairness_view(tournament),
            "can_run": can_run_tournament(request.user, tournament),
        },
    )
