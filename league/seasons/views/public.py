"""Pages anyone may read: leagues, seasons, team pages (the schedule: schedule_page)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts import permissions
from league.seasons import selectors
from league.seasons.models import League, Season, Team
from league.web import roster_csv


def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "league/league_list.html", {"leagues": League.objects.all()})


def league_detail(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    seasons = league.seasons.all()
    return render(
        request,
        "league/league_detail.html",
        {
            "league": league,
            "seasons": seasons,
            "is_manager": permissions.can_manage_league(request.user, league),
        },
    )


def season_detail(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    teams = season_obj.teams.select_related("skill_level").order_by("skill_level__position", "name")
    return render(
        request,
        "league/season_detail.html",
        {
            "season": season_obj,
            "teams": teams,
            "is_manager": permissions.can_manage_season(request.user, season_obj),
        },
    )


def _may_see_schedule(user, season: Season) -> bool:  # type: ignore[no-untyped-def]
    return season.is_published or permissions.can_manage_season(user, season)


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Public: name, level, fixtures. Private (own players, managers): roster and waivers."""
    team = get_object_or_404(Team.objects.select_related("season__league", "skill_level"), pk=pk)
    season = team.season
    private = permissions.can_view_team_private(request.user, team)
    can_act = permissions.can_act_for_team(request.user, team)
    show_fixtures = _may_see_schedule(request.user, season) or private
    context = {
        "team": team,
        "season": season,
        "private": private,
        "can_act": can_act,
        "is_manager": permissions.can_manage_season(request.user, season),
        "fixtures": list(selectors.fixtures_for_team(team)) if show_fixtures else [],
        "roster": selectors.roster_rows(season, team) if private else [],
        "requests": list(selectors.reschedule_requests_for_team(team)) if private else [],
    }
    return render(request, "league/team_detail.html", context)


@login_required
def team_roster_csv(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("season"), pk=pk)
    if not permissions.can_view_team_private(request.user, team):
        raise PermissionDenied("Only the team's players and the league managers see its roster.")
    rows = selectors.roster_rows(team.season, team)
    return roster_csv(f"{team.season.slug}-{team.pk}-roster.csv", rows)
