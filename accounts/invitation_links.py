"""Invitation links and addresses: the signed token, its expiry, and what people type.

The link carries `django.core.signing` over the invitation's id, salted and timestamped:
it is refused once older than `max_age()` (14 days, setting INVITATION_MAX_AGE_DAYS) or
when it was tampered with. `accounts.invitations` re-exports all of it.
"""

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.urls import reverse
from django.utils import timezone

from accounts.models import Invitation
from accounts.phones import normalise_phone

SALT = "accounts.invitation"
DEFAULT_MAX_AGE_DAYS = 14
State = Invitation.State


class InvitationInvalid(Exception):
    """The link is not one of ours (mistyped, cut short or tampered with)."""


class InvitationExpired(Exception):
    def __init__(self, invitation: Invitation) -> None:
        super().__init__("This invitation has expired.")
        self.invitation = invitation


def max_age() -> timedelta:
    return timedelta(days=getattr(settings, "INVITATION_MAX_AGE_DAYS", DEFAULT_MAX_AGE_DAYS))


# --- links ---


def invitation_token(invitation: Invitation) -> str:
    return signing.dumps(invitation.pk, salt=SALT)


def invitation_link(invitation: Invitation) -> str:
    """The absolute link sent to the person (settings.SITE_URL + the accept page)."""
    path = reverse("invitation_accept", args=[invitation_token(invitation)])
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def invitation_from_token(token: str) -> Invitation:
    """The invitation a link names. Raises InvitationInvalid for a bad or unknown link and
    InvitationExpired (with the invitation) for one older than `max_age()`."""
    if len(token) > 200:
        raise InvitationInvalid
    try:
        pk = signing.loads(token, salt=SALT, max_age=max_age())
        expired = False
    except signing.SignatureExpired:
        pk = signing.loads(token, salt=SALT)  # genuine, only old
        expired = True
    except signing.BadSignature:
        raise InvitationInvalid from None
    invitation = Invitation.objects.select_related("invited_by").filter(pk=pk).first()
    if invitation is None:
        raise InvitationInvalid
    if expired or is_expired(invitation):
        _mark_expired(invitation)
        raise InvitationExpired(invitation)
    return invitation


def is_expired(invitation: Invitation) -> bool:
    """Expired, or pending with its last send older than the links live."""
    if invitation.state == State.EXPIRED:
        return True
    sent = invitation.sent_at or invitation.created_at
    return invitation.state == State.PENDING and timezone.now() - sent > max_age()


def shown_state(invitation: Invitation) -> str:
    """The state to show: a stale pending invitation reads "expired"."""
    return State.EXPIRED if is_expired(invitation) else invitation.state


def _mark_expired(invitation: Invitation) -> None:
    if is_expired(invitation) and invitation.state == State.PENDING:
        Invitation.objects.filter(pk=invitation.pk, state=State.PENDING).update(state=State.EXPIRED)
        invitation.state = State.EXPIRED


# --- what people typed ---


def contacts_clean(email: str = "", phone: str = "") -> tuple[str, str]:
    """A lowercased email and an E.164 phone; at least one. Refused with a message."""
    email, phone = (email or "").strip().lower(), (phone or "").strip()
    errors: dict[str, str] = {}
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors["email"] = f"{email[:60]} is not an email address."
    if phone:
        phone = normalise_phone(phone)
        if not phone:
            errors["phone"] = "Enter a mobile number with its area code, e.g. 416 555 0123."
    if not errors and not (email or phone):
        errors["email"] = "Give an email address or a mobile number to send the invitation to."
    if errors:
        raise ValidationError(errors)
    return email, phone


def contact_split(text: str) -> tuple[str, str]:
    """One box that takes an email or a mobile number: (email, phone) as typed."""
    text = (text or "").strip()[:254]
    return (text, "") if "@" in text else ("", text)


def mask_email(email: str) -> str:
    local, _, domain = email.partition("@")
    return f"{local[:1]}•••@{domain}" if domain else ""


def mask_phone(phone: str) -> str:
    return f"••• {phone[-4:]}" if len(phone) >= 4 else ""


def masked_address(invitation: Invitation) -> str:
    """Where it went, without showing the whole address: "a•••@example.com"."""
    parts = [mask_email(invitation.email), mask_phone(invitation.phone)]
    return " / ".join(p for p in parts if p)
