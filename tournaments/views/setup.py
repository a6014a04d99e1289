"""The setup form's fields for one format, fetched again when the format select changes
(htmx): the new-event page for any director, an event's settings for its own director."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from accounts.permissions import can_run_tournament, deny_unless, organiser_required
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def _fields(request: HttpRequest, form: TournamentForm) -> HttpResponse:
    return render(request, "tournaments/_format_fields.html", {"form": form})


@require_GET
@organiser_required
def create_fields(request: HttpRequest) -> HttpResponse:
    return _fields(request, TournamentForm(fmt=request.GET.get("format")))


@require_GET
@login_required
def edit_fields(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    deny_unless(
        can_run_tournament(request.user, tournament), "Only this tournament's director can run it."
    )
    return _fields(request, TournamentForm(instance=tournament, fmt=request.GET.get("format")))
