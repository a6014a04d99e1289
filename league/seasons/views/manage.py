"""Managers' pages: leagues, seasons, setup, rosters and waivers (imports: views/imports.py)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import organiser_required
from league.seasons import selectors, services
from league.seasons.access import league_manager_required, season_manager_required
from league.seasons.forms import (
    LeagueForm,
    PaperWaiverForm,
    SeasonCreateForm,
    SeasonDateForm,
    SeasonSettingsForm,
    SkillLevelForm,
    TeamForm,
    VenueForm,
)
from league.seasons.models import League, Player, RosterEntry
from league.seasons.services import teams as team_services
from league.seasons.services.schedule import publish_audience
from league.web import report, roster_csv


@organiser_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(**form.cleaned_data, by=request.user)
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, f"{league.name} created. Now add its first season.")
            return redirect("league:season_create", league=league.slug)
    return render(request, "league/form_page.html", {"form": form, "title": "New league"})


@league_manager_required
def season_create(request: HttpRequest, league: str) -> HttpResponse:
    league_obj = get_object_or_404(League, slug=league)
    form = SeasonCreateForm(request.POST or None, league=league_obj)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = services.season_create(
                league=league_obj,
                name=data["name"],
                starts_on=data["starts_on"],
                start_time=data["start_time"],
                weeks=data["weeks"],
                skill_levels=form.level_names(),
                copy_from=data["copy_from"],
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, f"{season.name} created as a draft.")
            return redirect("league:season_setup", league=league_obj.slug, season=season.slug)
    return render(
        request,
        "league/form_page.html",
        {"form": form, "title": f"New season of {league_obj.name}"},
    )


@season_manager_required
def season_dashboard(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    # Who publishing the schedule would tell, said next to its button.
    audience = None if season_obj.is_published else publish_audience(season_obj)
    return render(
        request,
        "league/season_dashboard.html",
        {
            "season": season_obj,
            "dash": selectors.season_dashboard(season_obj),
            "publish_audience": audience,
        },
    )


@season_manager_required
def season_settings(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    form = SeasonSettingsForm(request.POST or None, instance=season_obj)
    if request.method == "POST" and form.is_valid():
        try:
            services.season_update(season=season_obj, changes=form.changes())
        except ValidationError as exc:
            report(request, exc)
            season_obj.refresh_from_db()
        else:
            messages.success(request, "Season settings saved.")
            return redirect("league:season_dashboard", league=league, season=season_obj.slug)
    return render(
        request,
        "league/form_page.html",
        {"form": form, "title": f"{season_obj.name}: settings", "season": season_obj},
    )


@season_manager_required
def season_setup(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """Skill levels, venues with tables, blackout and makeup dates: one small form each."""
    season_obj = selectors.season_for(league, season)
    action = request.POST.get("action")
    forms = {
        "level": SkillLevelForm(request.POST if action == "level" else None, prefix="level"),
        "venue": VenueForm(request.POST if action == "venue" else None, prefix="venue"),
        "date": SeasonDateForm(request.POST if action == "date" else None, prefix="date"),
        "team": TeamForm(
            request.POST if action == "team" else None, prefix="team", season=season_obj
        ),
    }
    if request.method == "POST":
        done = _setup_action(request, season_obj, action, forms)
        if done:
            return redirect("league:season_setup", league=league, season=season)
    return render(
        request,
        "league/season_setup.html",
        {
            "season": season_obj,
            "forms": forms,
            "levels": season_obj.skill_levels.all(),
            "venues": season_obj.venues.prefetch_related("tables"),
            "dates": season_obj.special_dates.all(),
            "teams": selectors.teams_for_setup(season_obj),
        },
    )


def _team_field(field: str) -> str | None:
    """Where an error of the add-team service shows on its form."""
    if field in ("email", "phone"):
        return "captain_contact"
    return field if field in ("name", "skill_level", "captain_name", "captain_contact") else None


def _team_added_message(added: team_services.TeamAdded) -> str:
    if added.invitation is None:
        return f"{added.team.name} added."
    return f"{added.team.name} added; invitation sent to {added.invitation.address}."


def _setup_action(request: HttpRequest, season, action, forms) -> bool:  # type: ignore[no-untyped-def]
    try:
        if action == "remove_date":
            services.season_date_remove(season=season, date_id=int(request.POST.get("id", 0)))
            return True
        form = forms.get(action)
        if form is None or not form.is_valid():
            return False
        data = form.cleaned_data
        if action == "level":
            services.skill_level_add(season=season, name=data["name"])
        elif action == "venue":
            services.venue_add(season=season, **data)
        elif action == "date":
            services.season_date_add(season=season, **data)
        elif action == "team":
            added = team_services.team_add(season=season, by=request.user, **data)
            messages.success(request, _team_added_message(added))
            return True
    except ValidationError as exc:
        if action == "team" and hasattr(exc, "error_dict"):
            for field, errors in exc.message_dict.items():
                forms["team"].add_error(_team_field(field), errors)
        else:
            report(request, exc)
        return False
    except ValueError:
        messages.error(request, "That date isn't on the season's list.")
        return False
    messages.success(request, "Saved.")
    return True


@season_manager_required
def season_roster(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """The season's final roster: every player with their waiver; CSV with ?export=csv."""
    season_obj = selectors.season_for(league, season)
    rows = selectors.roster_rows(season_obj)
    if request.GET.get("export") == "csv":
        return roster_csv(f"{season_obj.slug}-roster.csv", rows)
    return render(
        request,
        "league/season_roster.html",
        {"season": season_obj, "rows": rows, "paper_form": PaperWaiverForm()},
    )


@require_POST
@season_manager_required
def waiver_paper(request: HttpRequest, league: str, season: str, player: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    player_obj = get_object_or_404(
        Player.objects.filter(roster_entries__team__season=season_obj).distinct(), pk=player
    )
    form = PaperWaiverForm(request.POST)
    if form.is_valid():
        try:
            services.waiver_record_paper(
                player=player_obj,
                season=season_obj,
                by=request.user,
                signed_on=form.cleaned_data["signed_on"],
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, f"Paper waiver recorded for {player_obj.name}.")
    else:
        messages.error(request, "Give the date the waiver was signed.")
    return redirect("league:season_roster", league=league, season=season)


@require_POST
@season_manager_required
def sub_decide(request: HttpRequest, league: str, season: str, entry: int) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    entry_obj = get_object_or_404(RosterEntry, pk=entry, team__season=season_obj)
    try:
        services.sub_decide(entry=entry_obj, approve=request.POST.get("approve") == "1")
    except ValidationError as exc:
        report(request, exc)
    return redirect("league:season_dashboard", league=league, season=season)
