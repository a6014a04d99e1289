"""Invitations: a signed, single-use, expiring link that makes its holder staff, a captain,
a player or an entrant.

Accounts sits below the league, tournaments and notices, so two things come from above
through small registries filled at start-up:

- `register_invitation_handler(kind, may_invite=..., apply=...)`: who may invite to a kind
  of thing, and what accepting does (link the account to a league player, join a team…).
  Accounts registers the staff kinds itself (organiser, manager, director, scorekeeper):
  accepting grants the role through `accounts.services.role_grant`.
- `register_invitation_sender(sender)`: how an invitation reaches the person; notices
  registers one that writes to its outbox, in the caller's transaction.

Links and addresses live in `accounts.invitation_links` (re-exported here). Accepting is
a conditional UPDATE (pending → accepted): two taps or two people can't accept it twice.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from accounts.invitation_links import (
    InvitationExpired,
    InvitationInvalid,
    contact_split,
    contacts_clean,
    invitation_from_token,
    invitation_link,
    invitation_token,
    is_expired,
    mask_email,
    mask_phone,
    masked_address,
    max_age,
    shown_state,
)
from accounts.models import Invitation, RoleName, Scope
from accounts.services import role_grant
from accounts.sign_in_links import account_phone_from_invitation
from wording.when import day

__all__ = [
    "InvitationExpired",
    "InvitationInvalid",
    "acceptance_refusal",
    "contact_split",
    "contacts_clean",
    "handler_for",
    "invitation_accept",
    "invitation_create",
    "invitation_from_token",
    "invitation_link",
    "invitation_resend",
    "invitation_revoke",
    "invitation_token",
    "is_expired",
    "mask_email",
    "mask_phone",
    "masked_address",
    "max_age",
    "register_invitation_handler",
    "register_invitation_sender",
    "shown_state",
]

RESEND_GAP = timedelta(minutes=1)  # a second "Invite" this soon is a double click: not sent
SMS_MAX = 320
LINK_ROOM = 120  # what the outbox adds to a text: a space and the link

Kind = Invitation.Kind
State = Invitation.State

# Which kind of object each kind of invitation is for.
SCOPE_OF_KIND: dict[str, str] = {
    Kind.ORGANISER: Invitation.ScopeKind.SITE,
    Kind.MANAGER: Invitation.ScopeKind.LEAGUE,
    Kind.DIRECTOR: Invitation.ScopeKind.TOURNAMENT,
    Kind.SCOREKEEPER: Invitation.ScopeKind.TOURNAMENT,
    Kind.CAPTAIN: Invitation.ScopeKind.TEAM,
    Kind.PLAYER: Invitation.ScopeKind.TEAM,
    Kind.SUB: Invitation.ScopeKind.TEAM,
    Kind.ENTRANT: Invitation.ScopeKind.TOURNAMENT,
}


# --- the registries ---


@dataclass(frozen=True)
class InvitationHandler:
    # May `user` invite someone to this (unsaved or saved) invitation's object?
    may_invite: Callable[[Any, Invitation], bool]
    # Give `user` what the invitation offers (inside the accepting transaction); returns
    # the URL to go to next. Raise ValidationError to refuse with a message.
    apply: Callable[[Invitation, Any], str]


_handlers: dict[str, InvitationHandler] = {}
Sender = Callable[..., None]
_sender: Sender | None = None


def register_invitation_handler(
    kind: str,
    *,
    may_invite: Callable[[Any, Invitation], bool],
    apply: Callable[[Invitation, Any], str],
) -> None:
    """Registering a kind again replaces it, so `ready()` may run twice."""
    _handlers[kind] = InvitationHandler(may_invite=may_invite, apply=apply)


def handler_for(kind: str) -> InvitationHandler:
    try:
        return _handlers[kind]
    except KeyError:
        raise ImproperlyConfigured(f"No app registered invitations of kind {kind!r}.") from None


def register_invitation_sender(sender: Sender) -> None:
    """`sender(*, invitation, link, subject, body, sms_text, by, options)` writes the
    messages (in the caller's transaction); `options` are the inviter's extras (a season)."""
    global _sender
    _sender = sender


# --- writes ---


def _inviter_name(user: Any) -> str:
    if user is None:
        return "Euchre League"
    return (user.get_full_name() or user.get_username())[:80]


def _messages(invitation: Invitation, by: Any) -> tuple[str, str, str]:
    """Subject, email body and text: the outbox adds the greeting and the link once."""
    who = _inviter_name(by or invitation.invited_by)
    offer = invitation.invited_to
    until = timezone.localdate(timezone.now() + max_age())
    subject = f"{who} invited you to {offer}"[:200]
    body = (
        f"{who} invited you to {offer} on Euchre League.\n\n"
        "Open the link below to accept (your phone is fine): you'll create your account, or "
        f"sign in to the one you have. It works until {day(until)}, and only once. If you "
        "weren't expecting this, ignore it."
    )
    room = SMS_MAX - LINK_ROOM - len(who) - len(" invited you to . Accept:")
    short = offer if len(offer) <= room else offer[: max(room - 1, 0)] + "…"
    sms_text = f"{who} invited you to {short}. Accept:"
    return subject, body, sms_text


def _send(invitation: Invitation, by: Any, options: dict | None) -> None:
    if _sender is None:
        raise ImproperlyConfigured("No app registered a way to send invitations.")
    link = invitation_link(invitation)
    subject, body, sms_text = _messages(invitation, by)
    _sender(
        invitation=invitation,
        link=link,
        subject=subject,
        body=body,
        sms_text=sms_text,
        by=by,
        options=options or {},
    )


def _check_may_invite(by: Any, invitation: Invitation) -> None:
    if not (by is not None and by.is_authenticated):
        raise PermissionDenied("Sign in to send invitations.")
    if not handler_for(invitation.kind).may_invite(by, invitation):
        raise PermissionDenied("You can't send this invitation.")


def _pending_twin(invitation: Invitation) -> Invitation | None:
    """The pending invitation that already offers this to this person, if any."""
    same = Q()
    if invitation.player_id is not None:
        same |= Q(player_id=invitation.player_id)
    if invitation.email:
        same |= Q(kind=invitation.kind, email=invitation.email)
    if invitation.phone:
        same |= Q(kind=invitation.kind, phone=invitation.phone)
    return (
        Invitation.objects.filter(
            same,
            scope_kind=invitation.scope_kind,
            scope_id=invitation.scope_id,
            state=State.PENDING,
        )
        .order_by("pk")
        .first()
    )


@transaction.atomic
def invitation_create(
    *,
    by: Any,
    kind: str,
    scope_id: int,
    label: str,
    email: str = "",
    phone: str = "",
    name: str = "",
    player_id: int | None = None,
    link_after: str = "",
    payload: dict | None = None,
    options: dict | None = None,
) -> Invitation:
    """Invite someone by email and/or text; the message is written to the outbox now.

    Inviting the same person to the same thing again finds the pending invitation and
    sends it again (not twice within a minute: that is a double click).
    """
    if kind not in SCOPE_OF_KIND:
        raise ValidationError(f"Unknown kind of invitation: {kind!r}.")
    email, phone = contacts_clean(email, phone)
    scope_kind = SCOPE_OF_KIND[kind]
    invitation = Invitation(
        kind=kind,
        scope_kind=scope_kind,
        scope_id=0 if scope_kind == Invitation.ScopeKind.SITE else scope_id,
        player_id=player_id,
        name=" ".join((name or "").split())[:120],
        email=email,
        phone=phone,
        label=label[:200],
        link_after=link_after[:300],
        payload=payload or {},
        invited_by=by,
    )
    _check_may_invite(by, invitation)
    twin = _pending_twin(invitation)
    if twin is None:
        try:
            with transaction.atomic():
                invitation.sent_at, invitation.send_count = timezone.now(), 1
                invitation.save()
        except IntegrityError:  # the same invitation, sent at the same moment
            twin = _pending_twin(invitation)
            if twin is None:
                raise
        else:
            _send(invitation, by, options)
            return invitation
    if (twin.email, twin.phone) != (email, phone):  # a new address: send it there instead
        twin.email, twin.phone = email, phone
        try:
            with transaction.atomic():
                twin.save(update_fields=["email", "phone"])
        except IntegrityError:
            raise ValidationError(
                "Another invitation to that address is waiting already."
            ) from None
        return invitation_resend(invitation=twin, by=by, options=options)
    return invitation_resend(invitation=twin, by=by, options=options, quiet_within=RESEND_GAP)


@transaction.atomic
def invitation_resend(
    *,
    invitation: Invitation,
    by: Any,
    options: dict | None = None,
    quiet_within: timedelta | None = None,
) -> Invitation:
    """Send the invitation again with a fresh link (an expired one comes back to life)."""
    _check_may_invite(by, invitation)
    locked = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if locked.state == State.ACCEPTED:
        raise ValidationError("This invitation was already accepted.")
    if locked.state == State.REVOKED:
        raise ValidationError("This invitation was withdrawn: send a new one instead.")
    now = timezone.now()
    if quiet_within and locked.sent_at and now - locked.sent_at < quiet_within:
        return locked
    locked.state, locked.sent_at, locked.send_count = State.PENDING, now, locked.send_count + 1
    try:
        with transaction.atomic():
            locked.save(update_fields=["state", "sent_at", "send_count"])
    except IntegrityError:
        raise ValidationError("A newer invitation to this person is waiting already.") from None
    _send(locked, by, options)
    return locked


@transaction.atomic
def invitation_revoke(*, invitation: Invitation, by: Any) -> Invitation:
    """Withdraw it: its links stop working at once. An accepted one can't be withdrawn."""
    _check_may_invite(by, invitation)
    done = Invitation.objects.filter(
        pk=invitation.pk, state__in=[State.PENDING, State.EXPIRED]
    ).update(state=State.REVOKED, revoked_at=timezone.now(), revoked_by=by)
    invitation.refresh_from_db()
    if not done and invitation.state == State.ACCEPTED:
        raise ValidationError("This invitation was already accepted; remove the role instead.")
    return invitation


def acceptance_refusal(invitation: Invitation, user: Any) -> str:
    """Why `user` may not accept this invitation, or "" when they may."""
    if not user.is_authenticated:
        return "Sign in or create your account first."
    if invitation.invited_by_id == user.pk:
        return "You sent this invitation: sign out so the person you invited can accept it."
    if invitation.email:
        owner = (
            get_user_model()
            .objects.filter(email__iexact=invitation.email)
            .exclude(pk=user.pk)
            .exists()
        )
        if owner and (user.email or "").lower() != invitation.email:
            return (
                "This invitation was sent to the email address of another account: sign out "
                "and sign in as that account to accept it."
            )
    return ""


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user: Any) -> str:
    """Take the invitation for `user` and give them what it offers; returns where to go next.

    Single use: the pending → accepted UPDATE is conditional, so of two taps (or two
    people) at once exactly one gets through; the other is told it was used.
    """
    refusal = acceptance_refusal(invitation, user)
    if refusal:
        raise ValidationError(refusal)
    if is_expired(invitation):
        raise ValidationError("This invitation has expired: ask for a new one.")
    taken = Invitation.objects.filter(pk=invitation.pk, state=State.PENDING).update(
        state=State.ACCEPTED, accepted_at=timezone.now(), accepted_by=user
    )
    if not taken:
        invitation.refresh_from_db()
        if invitation.state == State.ACCEPTED and invitation.accepted_by_id == user.pk:
            raise ValidationError("You have already accepted this invitation.")
        raise ValidationError(
            "This invitation was already used."
            if invitation.state == State.ACCEPTED
            else "This invitation was withdrawn."
        )
    invitation.refresh_from_db()
    account_phone_from_invitation(user=user, invitation=invitation)
    next_url = handler_for(invitation.kind).apply(invitation, user)
    permissions.forget_roles(user)
    return next_url or reverse("home")


# --- the staff kinds, handled here ---

_ROLE_SCOPE = {
    Kind.ORGANISER: Scope.SITE,
    Kind.MANAGER: Scope.LEAGUE,
    Kind.DIRECTOR: Scope.TOURNAMENT,
    Kind.SCOREKEEPER: Scope.TOURNAMENT,
}


def _may_invite_staff(user: Any, invitation: Invitation) -> bool:
    if invitation.kind == Kind.ORGANISER:
        return permissions.is_site_admin(user)
    return permissions.can_grant_role(user, _ROLE_SCOPE[invitation.kind], invitation.scope_id)


def _apply_staff(invitation: Invitation, user: Any) -> str:
    by = invitation.invited_by
    try:
        role_grant(
            user=user,
            role=RoleName(invitation.kind),
            scope_kind=_ROLE_SCOPE[invitation.kind],
            scope_id=invitation.scope_id,
            by=by,
        )
    except PermissionDenied:
        raise ValidationError(
            f"{_inviter_name(by)} can no longer give this role: ask them or another "
            "organiser for a new invitation."
        ) from None
    return invitation.link_after


for _kind in _ROLE_SCOPE:
    register_invitation_handler(_kind, may_invite=_may_invite_staff, apply=_apply_staff)
