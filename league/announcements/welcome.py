"""The page a captain or player lands on after accepting an invitation to a team: choose
how the league reaches them (email and/or text, the number checked), then sign the
season's waiver."""

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts import permissions
from accounts.models import Invitation
from accounts.phones import normalise_phone
from accounts.sign_in_links import account_phone_set
from league.announcements import selectors
from league.announcements.forms import SubscriptionForm
from league.announcements.services import subscription_set
from league.seasons.models import League, Player, RosterEntry, Team, Waiver

BAD_PHONE = "Enter a mobile number with its area code, e.g. 416 555 0123."


@transaction.atomic
def notices_choose(
    *, player: Player, league: League, by_email: bool, by_sms: bool, phone: str = ""
) -> None:
    """The player's own choice: the league's notices by email and/or text, and whether
    texts reach them at all (captains' notices, reminders)."""
    if phone.strip():
        phone = normalise_phone(phone)
        if not phone:
            raise ValidationError({"phone": BAD_PHONE})
    subscription_set(player=player, league=league, by_email=by_email, by_sms=by_sms, phone=phone)
    if player.sms_opt_in != by_sms:
        Player.objects.filter(pk=player.pk).update(sms_opt_in=by_sms)


NOTHING_TICKED = (
    "With neither email nor text ticked, the league can't tell you of a cancellation or a "
    "card to confirm. Tick one, or tick “Send me nothing” below if you mean it."
)


class WelcomeForm(SubscriptionForm):
    """How the league reaches the person; saving with no way at all must be meant."""

    nothing = forms.BooleanField(
        label="Send me nothing: I'll check the site myself", required=False
    )

    def clean(self) -> dict:
        data = super().clean()
        if not (data.get("by_email") or data.get("by_sms") or data.get("nothing")):
            raise ValidationError(NOTHING_TICKED, code="nothing_ticked")
        return data


@dataclass(frozen=True)
class InvitedBy:
    email: str = ""
    phone: str = ""


def _invited_by(user: Any, team: Team) -> InvitedBy:
    """Where the invitation this person accepted for the team was sent: a text invitation
    offers texts at that number."""
    invitation = (
        Invitation.objects.filter(
            scope_kind=Invitation.ScopeKind.TEAM, scope_id=team.pk, accepted_by=user
        )
        .order_by("-accepted_at")
        .only("email", "phone")
        .first()
    )
    if invitation is None:
        return InvitedBy()
    return InvitedBy(email=invitation.email, phone=invitation.phone)


def _form_errors(form: SubscriptionForm, exc: ValidationError) -> None:
    for field, errors in exc.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)


@login_required
def team_welcome(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=pk)
    permissions.deny_unless(
        team.pk in permissions.team_ids_for(request.user),
        "This page is for the team's own players.",
    )
    player_id = permissions.player_id_for(request.user)
    entry = RosterEntry.objects.filter(team=team, player_id=player_id).order_by("role").first()
    player = Player.objects.get(pk=player_id)
    season, league = team.season, team.season.league
    current = selectors.subscription_for(player, league)
    invited = _invited_by(request.user, team)
    initial = {
        "by_email": current.by_email if current else bool(player.email),
        "by_sms": current.by_sms if current else player.sms_opt_in or bool(invited.phone),
        "phone": player.phone or invited.phone,
    }
    form = WelcomeForm(request.POST if request.method == "POST" else None, initial=initial)
    signed = Waiver.objects.filter(player=player, season=season).exists()
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            notices_choose(
                player=player,
                league=league,
                by_email=data["by_email"],
                by_sms=data["by_sms"],
                phone=data["phone"],
            )
        except ValidationError as exc:
            _form_errors(form, exc)
        else:
            if data["phone"].strip():  # their own number: a reset may be texted there
                account_phone_set(user=request.user, phone=data["phone"])
            if data["by_email"] or data["by_sms"]:
                messages.success(request, "Your notice choices are saved.")
            else:
                messages.warning(
                    request,
                    "Saved: the league sends you nothing. Come back here or to your "
                    "account page to choose email or text.",
                )
            if not signed:
                return redirect("league:waiver_sign", league=league.slug, season=season.slug)
            return redirect(team.get_absolute_url())
    return render(
        request,
        "league/team_welcome.html",
        {"team": team, "entry": entry, "player": player, "form": form, "signed": signed},
    )
