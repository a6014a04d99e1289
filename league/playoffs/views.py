"""Playoffs: the public bracket page, and the manager's seeding, dates and awards."""

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts import permissions
from inputs.bounds import typed_number
from league.playoffs import selectors as selectors_playoffs
from league.playoffs import services as playoff_services
from league.playoffs.models import PlayoffBracket, PlayoffMatch
from league.seasons import selectors
from league.seasons.access import NOT_YOUR_LEAGUE, season_manager_required
from league.seasons.models import Team
from league.web import report
from wording.when import day


def season_playoffs(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    is_manager = permissions.can_manage_season(request.user, season_obj)
    if not (season_obj.is_published or is_manager):
        return render(request, "league/schedule_unpublished.html", {"season": season_obj})
    return render(
        request,
        "league/playoffs/season_playoffs.html",
        {
            "season": season_obj,
            "brackets": selectors_playoffs.season_brackets(season_obj),
            "is_manager": is_manager,
        },
    )


def _dates(request: HttpRequest, count: int) -> list[datetime.date]:
    dates = []
    for n in range(1, count + 1):
        try:
            dates.append(datetime.date.fromisoformat(request.POST.get(f"round_{n}", "")))
        except ValueError:
            raise ValidationError(f"Give round {n}'s date.") from None
    return dates


@season_manager_required
def playoffs_manage(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """Before: the seeds as they stand and the round dates. After: dates and awards."""
    season_obj = selectors.season_for(league, season)
    brackets = selectors_playoffs.season_brackets(season_obj)
    groups = [] if brackets else playoff_services.playoff_seeds(season_obj)
    teams = Team.objects.in_bulk([t for g in groups for t in g.team_ids])
    seeds = [(g, [teams[t] for t in g.team_ids]) for g in groups]
    rounds = max(
        (playoff_services.rounds_needed(len(g.team_ids)) for g in groups if len(g.team_ids) >= 2),
        default=0,
    )
    if request.method == "POST" and not brackets:
        try:
            playoff_services.playoffs_create(
                season=season_obj, by=request.user, round_dates=_dates(request, rounds)
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, "Playoffs seeded: the first round's series are open.")
            return redirect("league:season_playoffs", league=league, season=season)
    return render(
        request,
        "league/playoffs/playoffs_manage.html",
        {
            "season": season_obj,
            "brackets": brackets,
            "seeds": seeds,
            "round_numbers": range(1, rounds + 1),
        },
    )


@require_POST
@login_required
def playoff_round_date(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    bracket = get_object_or_404(PlayoffBracket.objects.select_related("season__league"), pk=pk)
    permissions.deny_unless(
        permissions.can_run_league_nights(request.user, bracket.season), NOT_YOUR_LEAGUE
    )
    season = bracket.season
    try:
        date = datetime.date.fromisoformat(request.POST.get("date", ""))
        playoff_services.playoff_round_set_date(
            bracket=bracket, number=number, date=date, by=request.user
        )
    except ValueError:
        messages.error(request, "Give the round's new date.")
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(request, f"Round {number} moved to {day(date)}.")
    return redirect("league:playoffs_manage", league=season.league.slug, season=season.slug)


@require_POST
@login_required
def playoff_award(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        PlayoffMatch.objects.select_related("bracket__season__league", "top", "bottom"), pk=pk
    )
    season = match.bracket.season
    permissions.deny_unless(
        permissions.can_run_league_nights(request.user, season), NOT_YOUR_LEAGUE
    )
    winner = {match.top_id: match.top, match.bottom_id: match.bottom}.get(
        typed_number(request.POST.get("winner"))
    )
    if winner is None:
        messages.error(request, "Choose the team that goes through.")
    else:
        try:
            playoff_services.playoff_match_award(
                match=match, winner=winner, by=request.user, reason=request.POST.get("reason", "")
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, f"{winner} goes through.")
    return redirect("league:playoffs_manage", league=season.league.slug, season=season.slug)
