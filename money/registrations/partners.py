"""The partner of a team or a pair: invited by email (and a text when the captain gave a
mobile number) with a link carrying the registration's `partner_token`; whoever opens it,
signed in, accepts (and signs the season's waiver in the same step).

The token is the invitation: the holder of the link becomes the partner. The partial
unique constraint `registration_partner_live_once` keeps one person the partner of one
live registration per sign-up.
"""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse

from activity.models import Verb
from money.models import Registration
from money.models.registrations import LIVE_STATES
from money.registrations.common import lock_registration, log, now, recipient, what
from money.registrations.registrants import player_for_user
from money.registrations.waivers import waiver_consent
from notices.models import Notice
from notices.services import notice_send

State = Registration.State
GONE = "This invitation is no longer open: the registration was withdrawn or already accepted."


def partner_link(registration: Registration) -> str:
    return reverse("money:partner_accept", args=[registration.partner_token])


def partner_invite_send(*, registration: Registration, by: Any, phone: str = "") -> None:
    """Email (and text) the partner the link to accept, in the caller's transaction."""
    sign_up = registration.sign_up
    captain = registration.player.name
    name = what(sign_up)
    team = f" as {registration.team_name}" if registration.team_name else ""
    to = recipient(registration.partner, email=registration.partner_email)
    if phone and not to.sms_opt_in:
        to = type(to)(
            name=to.name, email=to.email, phone=phone, sms_opt_in=True, player_id=to.player_id
        )
    notice_send(
        kind=Notice.Kind.INVITATION,
        subject=f"{captain} registered you as their partner: {name}",
        body=(
            f"{captain} registered for {name}{team} with you as their partner. Open the link "
            "to accept"
            + (" and sign the season's waiver" if sign_up.season_id else "")
            + ". If you don't know them, ignore this message."
        ),
        sms_text=f"{captain} registered you as their partner for {name}: accept here",
        recipients=[to],
        created_by=by,
        link=partner_link(registration),
        season=sign_up.season,
        source={"registration": registration.pk, "partner": True},
    )


def partner_find(token: str) -> Registration | None:
    if not token or len(token) > 40:
        return None
    return (
        Registration.objects.select_related(
            "sign_up__season__league", "sign_up__tournament", "player", "partner"
        )
        .filter(partner_token=token)
        .first()
    )


@transaction.atomic
def partner_accept(
    *,
    token: str,
    by: Any,
    waiver_name: str = "",
    waiver_agreed: bool = False,
    ip_address: str | None = None,
) -> Registration:
    """`by` becomes the registration's partner; a place held for them becomes theirs."""
    if by is None or not getattr(by, "is_authenticated", False):
        raise PermissionDenied("Sign in, or give your name and email, to accept.")
    found = partner_find(token)
    if found is None or found.partner_token != token:
        raise ValidationError(GONE)
    registration = lock_registration(found)
    if registration.state not in LIVE_STATES or registration.state == State.FREE_AGENT:
        raise ValidationError(GONE)
    partner = player_for_user(by)
    if registration.partner_accepted_at is not None:
        if registration.partner_id == partner.pk:
            raise ValidationError("You have already accepted: you are on this registration.")
        raise ValidationError(GONE)
    if partner.pk == registration.player_id:
        raise ValidationError(
            "You registered this: your partner accepts from their own account, with the "
            "link sent to them."
        )
    sign_up = registration.sign_up
    elsewhere = (
        Registration.objects.filter(sign_up=sign_up, state__in=LIVE_STATES)
        .filter(Q(player=partner) | Q(partner=partner))
        .exclude(pk=registration.pk)
    )
    if elsewhere.exists():
        raise ValidationError(f"You are already registered for {what(sign_up)}.")
    consent = waiver_consent(
        sign_up, partner, typed=waiver_name, agreed=waiver_agreed, ip=ip_address
    )
    registration.partner = partner
    registration.partner_accepted_at = now()
    if consent:
        registration.waivers = {**registration.waivers, "partner": consent}
    if registration.state == State.WAITING_PARTNER:
        registration.state = State.HOLDING
    try:
        with transaction.atomic():
            registration.save(
                update_fields=["partner", "partner_accepted_at", "waivers", "state", "updated_at"]
            )
    except IntegrityError:  # registered elsewhere here at the same moment
        raise ValidationError(f"You are already registered for {what(sign_up)}.") from None
    log(
        registration=registration,
        by=by,
        verb=Verb.PARTNER_ACCEPTED,
        detail=f"{partner.name} · {registration.get_state_display()}",
    )
    return registration
