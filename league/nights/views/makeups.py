"""Makeup games: the manager's page of upcoming nights with teams left without a game, the
proposed pairings to arrange in one click, a pick by hand, and the arranged ones."""

import datetime

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from league.nights.makeup_forms import MakeupArrangeForm, MakeupNightForm
from league.nights.selectors.makeups import makeup_nights
from league.nights.services import makeups
from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.models import Fixture, Season, Table, Team
from league.web import report
from wording.when import day


def _page_url(season: Season, date: datetime.date | None = None) -> str:
    url = reverse("league:forfeit_makeups", args=[season.league.slug, season.slug])
    return f"{url}?date={date.isoformat()}" if date else url


def _arrange(request: HttpRequest, season: Season) -> HttpResponse:
    form = MakeupArrangeForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(_page_url(season))
    data = form.cleaned_data
    chosen = Team.objects.filter(season=season, pk__in=[data["team_a"], data["team_b"]])
    teams = {team.pk: team for team in chosen}
    table = None
    if data["table"] is not None:
        table = Table.objects.select_related("venue").filter(pk=data["table"]).first()
    if data["team_a"] not in teams or data["team_b"] not in teams:
        messages.error(request, f"Choose two teams of {season.name} from the night's list.")
    elif data["table"] is not None and table is None:
        messages.error(request, "Choose a table from the list.")
    else:
        try:
            fixture = makeups.makeup_arrange(
                by=request.user,
                team_a=teams[data["team_a"]],
                team_b=teams[data["team_b"]],
                date=data["date"],
                table=table,
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(
                request,
                f"Makeup game arranged on {day(fixture.date)}: {fixture.home} v {fixture.away}. "
                "Both captains are being told.",
            )
    return redirect(_page_url(season, data["date"]))


@season_manager_required
def forfeit_makeups(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """GET (?date=, ?across=1): the nights and their proposals; POST: arrange one."""
    season_obj = selectors.season_for(league, season)
    if request.method == "POST":
        return _arrange(request, season_obj)
    pick = MakeupNightForm(request.GET)
    date = across = None
    if pick.is_valid():
        date, across = pick.cleaned_data["date"], pick.cleaned_data["across"]
    else:
        messages.error(request, " ".join(e for errs in pick.errors.values() for e in errs))
    nights = makeup_nights(season_obj, date=date, across_levels=bool(across))
    tables = list(Table.objects.filter(venue__seasons=season_obj).select_related("venue"))
    return render(
        request,
        "league/makeups/makeups.html",
        {
            "season": season_obj,
            "pick": MakeupNightForm(initial={"date": date, "across": across}),
            "date": date,
            "across": bool(across),
            "nights": nights,
            "tables": tables,
            "today": timezone.localdate(),
        },
    )


@require_POST
@season_manager_required
def makeup_cancel(request: HttpRequest, league: str, season: str, pk: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    fixture = get_object_or_404(
        Fixture.objects.select_related("home", "away"), pk=pk, season=season_obj, one_off=True
    )
    try:
        makeups.makeup_cancel(by=request.user, fixture=fixture)
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            f"Makeup game {fixture.home} v {fixture.away} on {day(fixture.date)} cancelled; "
            "both captains are being told.",
        )
    return redirect(_page_url(season_obj, fixture.date))
