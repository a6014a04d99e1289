"""A tournament's invitation pages: its players (by its directors) and its staff."""

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
from tournaments.models import Tournament
from tournaments.services import invitations as service

NOT_YOURS = "Only this tournament's director can do that."


def _owned(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.deny_unless(permissions.can_run_tournament(request.user, tournament), NOT_YOURS)
    return tournament


def _act(request: HttpRequest, tournament: Tournament, action: str) -> str:
    by = request.user
    if action == "send_all":
        sent = service.tournament_invitations_send_all(by=by, tournament=tournament)
        if not sent:
            return "Everyone with an email or phone is invited or has an account already."
        return f"{sent} invitation{'s' if sent != 1 else ''} sent."
    if action == "invite":
        invitation = service.entrant_invitation_send(
            by=by,
            tournament=tournament,
            player_id=int(request.POST.get("player", "")),
            contact=request.POST.get("contact", ""),
        )
        return f"Invitation sent to {invitation.name}."
    if action == "invite_new":
        invitation = service.entrant_invite_new(
            by=by,
            tournament=tournament,
            name=request.POST.get("name", ""),
            contact=request.POST.get("contact", ""),
        )
        return f"{invitation.name} registered and invited."
    if action == "sign_in_link":
        return service.entrant_sign_in_link_send(
            by=by,
            tournament=tournament,
            player_id=int(request.POST.get("player", "")),
            channel=request.POST.get("channel", ""),
            site_url=site_url(request),
        )
    invitation = service.invitation_for_tournament(
        tournament, int(request.POST.get("invitation", ""))
    )
    if action == "resend":
        invitation_resend(invitation=invitation, by=by)
        return f"Invitation sent again to {invitation.name}."
    if action == "revoke":
        invitation_revoke(invitation=invitation, by=by)
        return f"Invitation to {invitation.name} withdrawn."
    raise ValueError(action)


@login_required
def entrant_invitations(request: HttpRequest, slug: str) -> HttpResponse:
    """Every entered player: has an account, invited (when), or not yet; invite, resend,
    withdraw, invite everyone at once, or register and invite a new player."""
    tournament = _owned(request, slug)
    if request.method == "POST":
        try:
            messages.success(request, _act(request, tournament, request.POST.get("action", "")))
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        except ValueError:
            messages.error(request, "Pick a player from the list.")
        else:
            return redirect(request.path)
    rows = service.entrant_rows(tournament)
    return render(
        request,
        "tournaments/invitations.html",
        {
            "tournament": tournament,
            "rows": rows,
            "accounts": sum(1 for r in rows if r.status == "account"),
            "pending": sum(1 for r in rows if r.status == Invitation.State.PENDING),
        },
    )


@login_required
def tournament_staff(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's directors and scorekeepers: invite, remove (never the last director)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    permissions.deny_unless(
        permissions.can_grant_role(request.user, "tournament", tournament.pk), NOT_YOURS
    )
    manage = reverse("tournaments:manage", args=[tournament.slug])
    return staff_page(
        request,
        scope_kind="tournament",
        scope_id=tournament.pk,
        kinds=[Invitation.Kind.DIRECTOR, Invitation.Kind.SCOREKEEPER],
        title=f"{tournament.name}: staff",
        intro="Directors run the event and its staff; scorekeepers enter, settle and correct "
        "its cards.",
        label=service.tournament_label(tournament),
        link_after=manage,
        landing={
            Invitation.Kind.SCOREKEEPER: reverse("tournaments:scorekeeping", args=[tournament.slug])
        },
        back_url=manage,
        back_label=tournament.name,
    )
