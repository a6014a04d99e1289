"""Invitation pages: a season's (managers), a team's (its captain), a league's staff."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from accounts import permissions
from accounts.invitations import invitation_resend, invitation_revoke
from accounts.models import Invitation
from accounts.views import site_url
from accounts.views_invitations import staff_page
from league.seasons import invitations as service
from league.seasons import selectors
from league.seasons.models import League, Team
from league.web import report

NOT_YOUR_LEAGUE = "Only this league's managers can do that."
NOT_YOUR_TEAM = "Only the team's captain or a league manager can do that."


def _row_action(request: HttpRequest, team: Team, action: str) -> str:
    """Invite, resend or withdraw for one of the team's players; the message to show."""
    if action == "invite":
        invitation = service.team_invitation_send(
            by=request.user,
            team=team,
            entry_id=int(request.POST.get("entry", "")),
            contact=request.POST.get("contact", ""),
        )
        return f"Invitation sent to {invitation.name}."
    invitation = service.invitation_for_team(team, int(request.POST.get("invitation", "")))
    if action == "resend":
        invitation_resend(invitation=invitation, by=request.user, options={"season": team.season})
        return f"Invitation sent again to {invitation.name}."
    if action == "revoke":
        invitation_revoke(invitation=invitation, by=request.user)
        return f"Invitation to {invitation.name} withdrawn."
    raise ValueError(action)


def _sign_in_link(request: HttpRequest, team: Team) -> str:
    return service.member_sign_in_link_send(
        by=request.user,
        team=team,
        entry_id=int(request.POST.get("entry", "")),
        channel=request.POST.get("channel", ""),
        site_url=site_url(request),
    )


def _post(request: HttpRequest, team_for, send_all) -> bool:  # type: ignore[no-untyped-def]
    """Handle a POST of an invitations page; True when it did something."""
    action = request.POST.get("action", "")
    try:
        if action == "send_all":
            sent = send_all()
            messages.success(
                request,
                f"{sent} invitation{'s' if sent != 1 else ''} sent."
                if sent
                else "Everyone with an email or phone is invited or has an account already.",
            )
            return True
        team = team_for(request.POST.get("team", ""))
        if action == "sign_in_link":
            messages.success(request, _sign_in_link(request, team))
            return True
        messages.success(request, _row_action(request, team, action))
        return True
    except ValidationError as exc:
        report(request, exc)
    except (ValueError, Team.DoesNotExist):
        messages.error(request, "Pick a player from the list.")
    return False


def _counts(rows: list) -> dict[str, int]:  # type: ignore[type-arg]
    counts = {"account": 0, "pending": 0, "not_yet": 0}
    for row in rows:
        status = row.status
        if status in ("account", "accepted"):
            counts["account"] += 1
        elif status == Invitation.State.PENDING:
            counts["pending"] += 1
        else:
            counts["not_yet"] += 1
    return counts


@login_required
def season_invitations(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """Every captain and player of the season: has an account, invited (when), or not yet;
    invite one, resend, withdraw, or send every invitation at once."""
    season_obj = selectors.season_for(league, season)
    permissions.deny_unless(
        permissions.can_manage_season(request.user, season_obj), NOT_YOUR_LEAGUE
    )
    if request.method == "POST":

        def team_for(value: str) -> Team:
            return Team.objects.select_related("season__league").get(
                pk=int(value), season=season_obj
            )

        def send_all() -> int:
            return service.season_invitations_send_all(by=request.user, season=season_obj)

        if _post(request, team_for, send_all):
            return redirect(request.path)
    rows = service.invitation_rows(season_obj)
    return render(
        request,
        "league/invitations.html",
        {
            "season": season_obj,
            "rows": rows,
            "counts": _counts(rows),
            "back_url": reverse("league:season_dashboard", args=[league, season]),
            "back_label": f"{season_obj.name} dashboard",
            "show_team": True,
            "can_send_links": True,  # a manager sends a member a fresh sign-in link
        },
    )


@login_required
def team_invitations(request: HttpRequest, pk: int) -> HttpResponse:
    """A captain invites the players on their roster (a manager may too)."""
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=pk)
    permissions.deny_unless(permissions.can_act_for_team(request.user, team), NOT_YOUR_TEAM)
    if request.method == "POST":

        def team_for(value: str) -> Team:
            return team

        def send_all() -> int:
            return service.team_invitations_send_all(by=request.user, team=team)

        if _post(request, team_for, send_all):
            return redirect(request.path)
    rows = service.invitation_rows(team.season, team)
    return render(
        request,
        "league/invitations.html",
        {
            "season": team.season,
            "team": team,
            "rows": rows,
            "counts": _counts(rows),
            "back_url": reverse("league:roster_edit", args=[team.pk]),
            "back_label": f"{team.name}: roster",
            "show_team": False,
        },
    )


@login_required
def league_staff(request: HttpRequest, league: str) -> HttpResponse:
    """The league's managers: invite a co-manager, remove one (never the last)."""
    league_obj = get_object_or_404(League, slug=league)
    permissions.deny_unless(
        permissions.can_grant_role(request.user, "league", league_obj.pk), NOT_YOUR_LEAGUE
    )
    detail = reverse("league:league_detail", args=[league_obj.slug])
    return staff_page(
        request,
        scope_kind="league",
        scope_id=league_obj.pk,
        kinds=[Invitation.Kind.MANAGER],
        title=f"{league_obj.name}: managers",
        intro="Managers run this league's seasons, teams, results and staff; nobody else's.",
        label=league_obj.name,
        link_after=detail,
        back_url=detail,
        back_label=league_obj.name,
    )
