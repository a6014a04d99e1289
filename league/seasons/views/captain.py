"""Captains' writes for their own team (managers may act for any team); players' waivers."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from accounts import permissions
from league.seasons import selectors, services
from league.seasons.forms import RosterAddForm, SubForm, WaiverSignForm
from league.seasons.invitations import team_invitation_send
from league.seasons.models import Fixture, Player, Team, Waiver
from league.web import linked, report
from wording.when import day

NOT_YOUR_TEAM = "Only the team's captain or a league manager can do that."


def team_for_captain(request: HttpRequest, pk: int) -> Team:
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=pk)
    permissions.deny_unless(permissions.can_act_for_team(request.user, team), NOT_YOUR_TEAM)
    return team


def _added_message(entry, team: Team, data: dict, sent=None) -> str:  # type: ignore[no-untyped-def]
    """An address that is already someone's is invited, never shown back (name, phone or
    waiver): the message says only that the invitation went."""
    if entry.invited is not None:
        return f"An invitation to join {team.name} was sent to {entry.invited.email}."
    if sent is not None:
        return f"{data['name']} added; invitation sent to {sent.address}."
    return f"{data['name']} added."


@login_required
def roster_edit(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_for_captain(request, pk)
    action = request.POST.get("action")
    form = RosterAddForm(request.POST if action == "add" else None)
    if request.method == "POST":
        try:
            if action == "add" and form.is_valid():
                data = dict(form.cleaned_data)
                invite = data.pop("invite")
                with transaction.atomic():  # the player and their invitation, or neither
                    entry = services.roster_add_player(team=team, by=request.user, **data)
                    sent = None
                    if invite and entry.invited is None and (data["email"] or data["phone"]):
                        sent = team_invitation_send(by=request.user, team=team, entry_id=entry.pk)
                messages.success(request, _added_message(entry, team, data, sent))
                return redirect("league:roster_edit", pk=team.pk)
            if action == "remove":
                services.roster_remove_entry(team=team, entry_id=int(request.POST["entry"]))
                messages.success(request, "Removed from the roster.")
                return redirect("league:roster_edit", pk=team.pk)
            if action == "role":
                services.roster_set_role(
                    team=team, entry_id=int(request.POST["entry"]), role=request.POST["role"]
                )
                messages.success(request, "Role changed.")
                return redirect("league:roster_edit", pk=team.pk)
        except ValidationError as exc:
            invitations = reverse("league:team_invitations", args=[team.pk])
            for message in exc.messages:  # "resend it from the team's invitations": linked
                messages.error(request, linked(message, "team's invitations", invitations))
        except (KeyError, ValueError):
            messages.error(request, "Pick a player from the roster.")
    return render(
        request,
        "league/roster_edit.html",
        {"team": team, "form": form, "roster": selectors.roster_rows(team.season, team)},
    )


def open_fixtures(team: Team):  # type: ignore[no-untyped-def]
    return selectors.fixtures_for_team(team).filter(
        away__isnull=False, status__in=[Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED]
    )


@login_required
def sub_add(request: HttpRequest, pk: int) -> HttpResponse:
    team = team_for_captain(request, pk)
    form = SubForm(request.POST or None, fixtures=open_fixtures(team))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entry = services.sub_add(team=team, by=request.user, **data)
        except ValidationError as exc:
            report(request, exc)
        else:
            note = "" if entry.approved else " It waits for the manager's approval."
            when = day(entry.fixture.date)
            if entry.invited is not None:  # an address that is someone's: invited, not shown
                text = f"An invitation to sub on {when} was sent to {entry.invited.email}."
            else:
                text = f"{data['name']} subs on {when}."
            messages.success(request, f"{text}{note}")
            return redirect("league:team_detail", pk=team.pk)
    return render(request, "league/sub_add.html", {"team": team, "form": form})


def _client_ip(request: HttpRequest) -> str | None:
    return request.META.get("REMOTE_ADDR") or None


@login_required
def waiver_sign(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """A logged-in player reads the season's waiver, types their name and ticks the box."""
    season_obj = selectors.season_for(league, season)
    player = Player.objects.filter(user=request.user).first()
    waiver = Waiver.objects.filter(player=player, season=season_obj).first() if player else None
    rostered = services.is_rostered(player, season_obj)  # only the seasons they play in
    form = WaiverSignForm(request.POST or None)
    if request.method == "POST" and rostered and form.is_valid():
        try:
            services.waiver_sign_online(
                player=player,
                season=season_obj,
                typed_name=form.cleaned_data["typed_name"],
                agreed=form.cleaned_data["agree"],
                ip_address=_client_ip(request),
            )
        except ValidationError as exc:
            report(request, exc)
        else:
            messages.success(request, f"Thank you, {player.name}: your waiver is signed.")
            return redirect("league:waiver_sign", league=league, season=season)
    return render(
        request,
        "league/waiver_sign.html",
        {
            "season": season_obj,
            "player": player,
            "waiver": waiver,
            "rostered": rostered,
            "form": form,
        },
    )
