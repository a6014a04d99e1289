"""Who played for a team in a fixture: its captain (or a manager) ticks the two players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from accounts import permissions
from inputs.bounds import typed_number
from league.nights.lineup_forms import LineupForm
from league.nights.selectors.lineups import eligible_players
from league.nights.services.lineups import fixture_lineup_record, may_record
from league.seasons.models import Fixture
from league.web import report


@require_POST
@login_required
def fixture_lineup(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = get_object_or_404(
        Fixture.objects.select_related("season__league", "home", "away"), pk=pk
    )
    back = redirect("league:fixture_detail", pk=fixture.pk)
    permissions.deny_unless(
        any(may_record(request.user, fixture, team_id) for team_id in fixture.team_ids()),
        "Only the teams' captains or a league manager record who played.",
    )
    team_id = typed_number(request.POST.get("team"))
    teams = {t.pk: t for t in (fixture.home, fixture.away) if t is not None}
    team = teams.get(team_id) if team_id is not None else None
    if team is None:
        messages.error(request, "Choose one of the fixture's two teams.")
        return back
    permissions.deny_unless(
        may_record(request.user, fixture, team.pk),
        f"Only {team}'s captain or a league manager records who played for it.",
    )
    players = eligible_players(fixture).get(team.pk, [])
    form = LineupForm(request.POST, choices=[(p.pk, p.name) for p in players])
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return back
    try:
        played = fixture_lineup_record(
            fixture=fixture, team=team, player_ids=form.cleaned_data["players"], by=request.user
        )
    except ValidationError as exc:
        report(request, exc)
    else:
        names = " & ".join(p.name for p in played)
        messages.success(request, f"Recorded: {names} played for {team}.")
    return back
