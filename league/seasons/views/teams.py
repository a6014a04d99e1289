"""Managers' pages for a team or a venue already added: rename, change level, edit, remove.

Withdrawing a team changes its fixtures, so its page lives with league nights
(`league.nights.views.withdrawals`); the team page links to it.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from league.seasons import selectors
from league.seasons.access import season_manager_required
from league.seasons.activity import plural
from league.seasons.forms import TeamLevelForm, TeamRenameForm, VenueEditForm
from league.seasons.models import Fixture, RosterEntry, Team, Venue
from league.seasons.services import teams as team_services
from league.seasons.services import venues as venue_services
from league.web import report


def _level_message(change: team_services.LevelChange) -> str:
    text = f"{change.team.name} moved to {change.team.skill_level or 'no level'}."
    if change.regenerate:
        return (
            f"{text} The draft schedule still pairs it with its old level in "
            f"{plural(change.draft_fixtures, 'fixture')}: regenerate the schedule."
        )
    return text


@season_manager_required
def team_manage(request: HttpRequest, league: str, season: str, pk: int) -> HttpResponse:
    """A team's name, level and status, with the way to withdraw it."""
    season_obj = selectors.season_for(league, season)
    team = get_object_or_404(
        Team.objects.select_related("skill_level", "season__league"), pk=pk, season=season_obj
    )
    action = request.POST.get("action") if request.method == "POST" else None
    rename_form = TeamRenameForm(
        request.POST if action == "rename" else None, prefix="rename", initial={"name": team.name}
    )
    level_form = TeamLevelForm(
        request.POST if action == "level" else None,
        prefix="level",
        season=season_obj,
        initial={"skill_level": team.skill_level_id},
    )
    if action in ("rename", "level"):
        form = rename_form if action == "rename" else level_form
        if form.is_valid():
            try:
                if action == "rename":
                    team_services.team_rename(
                        team=team, name=form.cleaned_data["name"], by=request.user
                    )
                    messages.success(request, f"Renamed to {form.cleaned_data['name']}.")
                else:
                    change = team_services.team_change_level(
                        team=team, level=form.cleaned_data["skill_level"], by=request.user
                    )
                    messages.success(request, _level_message(change))
            except ValidationError as exc:
                report(request, exc)
            else:
                return redirect("league:team_manage", league=league, season=season, pk=team.pk)
        team.refresh_from_db()
    fixtures = Fixture.objects.filter(Q(home=team) | Q(away=team), away__isnull=False)
    return render(
        request,
        "league/team_manage.html",
        {
            "season": season_obj,
            "team": team,
            "captains": RosterEntry.objects.filter(
                team=team, role=RosterEntry.Role.CAPTAIN, fixture__isnull=True
            ).select_related("player"),
            "rename_form": rename_form,
            "level_form": level_form,
            "has_levels": season_obj.skill_levels.exists(),
            "level_locked": team_services.level_locked(team),
            "played": fixtures.filter(status=Fixture.Status.PLAYED).count(),
            "to_play": fixtures.filter(
                status__in=(Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED)
            ).count(),
            "active": team.status == Team.Status.ACTIVE,
        },
    )


@season_manager_required
def venue_edit(request: HttpRequest, league: str, season: str, pk: int) -> HttpResponse:
    """A venue of the season: its name, address and number of tables, or take it off."""
    season_obj = selectors.season_for(league, season)
    venue = get_object_or_404(Venue.objects.filter(seasons=season_obj), pk=pk)
    action = request.POST.get("action") if request.method == "POST" else None
    form = VenueEditForm(
        request.POST if action == "save" else None,
        initial={"name": venue.name, "address": venue.address, "tables": venue.tables.count()},
    )
    if action == "remove":
        try:
            removal = venue_services.venue_remove(venue=venue, season=season_obj, by=request.user)
        except ValidationError as exc:
            report(request, exc)
        else:
            text = f"{removal.venue_name} is no longer one of {season_obj.name}'s venues."
            if removal.tables_cleared:
                text += (
                    f" {plural(removal.tables_cleared, 'draft fixture')} without a table now: "
                    "regenerate the schedule."
                )
            messages.success(request, text)
            return redirect("league:season_setup", league=league, season=season)
    elif action == "save" and form.is_valid():
        try:
            venue_services.venue_update(venue=venue, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, "Venue saved.")
            return redirect("league:season_setup", league=league, season=season)
    return render(
        request,
        "league/venue_edit.html",
        {
            "season": season_obj,
            "venue": venue,
            "form": form,
            "other_seasons": venue.seasons.exclude(pk=season_obj.pk).order_by("-starts_on"),
            "upcoming": venue_services.upcoming_at(venue, season_obj),
        },
    )
