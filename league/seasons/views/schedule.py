"""Managers' schedule actions: generate (and regenerate) the draft, publish, edit a fixture."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts import permissions
from league.seasons import selectors, services
from league.seasons.access import NOT_YOUR_LEAGUE, season_manager_required
from league.seasons.forms import FixtureEditForm
from league.seasons.models import Fixture
from league.web import report
from wording.words import plural


@require_POST
@season_manager_required
def schedule_generate(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    try:
        count = services.season_generate_schedule(season=season_obj)
    except ValidationError as exc:
        report(request, exc)
        return redirect("league:season_dashboard", league=league, season=season)
    byes = season_obj.fixtures.filter(away__isnull=True).count()  # a bye is a fixture row too
    made = plural(count - byes, "fixture") + (f" and {plural(byes, 'bye')}" if byes else "")
    messages.success(request, f"Draft schedule generated: {made}. Review it.")
    return redirect("league:season_schedule", league=league, season=season)


@require_POST
@season_manager_required
def schedule_publish(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    try:
        services.season_publish_schedule(season=season_obj, by=request.user)
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(request, "The schedule is published; the players are being told.")
    return redirect("league:season_dashboard", league=league, season=season)


@login_required
def fixture_edit(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = get_object_or_404(
        Fixture.objects.select_related("season__league", "home", "away", "table"), pk=pk
    )
    season = fixture.season
    permissions.deny_unless(permissions.can_manage_season(request.user, season), NOT_YOUR_LEAGUE)
    initial = {
        "date": fixture.date,
        "start_time": fixture.start_time,
        "home": fixture.home,
        "away": fixture.away,
        "table": fixture.table,
        "status": fixture.status,
    }
    form = FixtureEditForm(request.POST or None, initial=initial, season=season)
    if request.method == "POST" and form.is_valid():
        try:
            services.fixture_update(fixture=fixture, **form.cleaned_data)
        except ValidationError as exc:
            report(request, exc)
            fixture.refresh_from_db()
        else:
            messages.success(request, "Fixture saved.")
            return redirect(f"{season.get_absolute_url()}schedule/?week={fixture.week}")
    makeup = season.special_dates.filter(kind="makeup")
    return render(
        request,
        "league/fixture_edit.html",
        {"form": form, "fixture": fixture, "season": season, "makeup_dates": makeup},
    )
