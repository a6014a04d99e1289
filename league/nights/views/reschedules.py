"""Captains ask each other to move a fixture, and answer (managers may act for any team)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from league.nights.selectors.told import reschedule_audience
from league.nights.services import reschedules
from league.seasons.forms import RescheduleForm, RespondForm
from league.seasons.models import RescheduleRequest
from league.seasons.views.captain import open_fixtures, team_for_captain
from league.web import report


@login_required
def reschedule_request(request: HttpRequest, pk: int, fixture: int) -> HttpResponse:
    team = team_for_captain(request, pk)
    fixture_obj = get_object_or_404(open_fixtures(team), pk=fixture)
    form = RescheduleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            reschedules.reschedule_request_create(
                fixture=fixture_obj, team=team, by=request.user, **form.cleaned_data
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, "Request sent to the other captain.")
            return redirect("league:team_detail", pk=team.pk)
    return render(
        request,
        "league/reschedule_request.html",
        {
            "team": team,
            "fixture": fixture_obj,
            "form": form,
            "audience": reschedule_audience(fixture_obj, team.pk),
        },
    )


@require_POST
@login_required
def reschedule_respond(request: HttpRequest, pk: int, req: int) -> HttpResponse:
    team = team_for_captain(request, pk)
    request_obj = get_object_or_404(RescheduleRequest, pk=req)
    form = RespondForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else ""
    try:
        if request.POST.get("answer") == "withdraw":
            reschedules.reschedule_request_withdraw(request=request_obj, team=team)
        else:
            reschedules.reschedule_request_respond(
                request=request_obj,
                team=team,
                by=request.user,
                accept=request.POST.get("answer") == "accept",
                note=note,
            )
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(request, "Answer recorded.")
    return redirect("league:team_detail", pk=team.pk)
