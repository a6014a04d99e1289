"""A manager withdraws a team: the page says what happens to its fixtures, then confirms."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from league.nights.forms import WithdrawForm
from league.nights.selectors.told import withdrawal_audience
from league.nights.selectors.withdrawals import withdrawal_preview
from league.nights.services.withdrawals import team_withdraw
from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.models import Team
from league.web import report


@season_manager_required
def team_withdraw_page(request: HttpRequest, league: str, season: str, pk: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    team = get_object_or_404(
        Team.objects.select_related("skill_level", "season__league"), pk=pk, season=season_obj
    )
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and team.status == Team.Status.ACTIVE and form.is_valid():
        try:
            done = team_withdraw(team=team, by=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, done.message)
            return redirect("league:team_manage", league=league, season=season, pk=team.pk)
    active = team.status == Team.Status.ACTIVE
    preview = withdrawal_preview(team) if active else None
    return render(
        request,
        "league/nights/team_withdraw.html",
        {
            "season": season_obj,
            "team": team,
            "form": form,
            "active": active,
            "preview": preview,
            "audience": withdrawal_audience(team, preview) if preview else None,
        },
    )
