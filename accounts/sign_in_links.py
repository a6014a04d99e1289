"""Signing in again without an email: the account's own mobile number, a password reset
by text, and the fresh sign-in link a manager or director sends one of their members.

- `account_phone_set` keeps the number on the account (`AccountPhone`): only its owner
  sets it (their own pages, or accepting an invitation that was texted to that number).
- The reset page takes an email or a mobile number; a number gets one text per active
  account that has it (a shared phone: each account its own link). Floods are refused
  like the email's: `RESET_PHONE` per number typed, the reset's per-visitor limit
  (`throttle.RESET_ADDRESS`) shared with the email reset.
- `sign_in_link_send`: a league's managers (a tournament's directors) send a member of
  that league (event) a link that lets them choose a new password, by email or text. A
  manager of another league is refused, in this service as on the page. Who is a member
  comes from the apps above (`register_member_check`); staff of the object are members.

The links are Django's password-reset links (`accounts.tasks.reset_link`): single use,
they die with the old password, and last PASSWORD_RESET_TIMEOUT.
"""

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, ValidationError
from django.http import HttpRequest
from django.utils import timezone

from accounts import permissions, throttle
from accounts.invitation_links import mask_email, mask_phone
from accounts.models import AccountPhone, Invitation, Role
from accounts.phones import phone_clean
from accounts.tasks import send_sign_in_link
from activity.models import Verb
from activity.services import activity_record

RESET_PER_PHONE = 3  # reset texts asked for one number, per hour
LINKS_PER_PERSON = 3  # sign-in links staff send one person, per hour
EMAIL, TEXT = "email", "text"

RESET_PHONE = throttle.Limit(
    scope="reset-phone",
    free=RESET_PER_PHONE,
    limit=RESET_PER_PHONE,
    window=3600,
    lockout=3600,
    locked="Too many reset texts asked for this number. Try again in {wait}.",
)
SIGN_IN_LINKS = throttle.Limit(
    scope="sign-in-link",
    free=LINKS_PER_PERSON,
    limit=LINKS_PER_PERSON,
    window=3600,
    lockout=3600,
    locked="Three sign-in links went to this person in the last hour. Try again in {wait}.",
)


# --- the account's number ---


def account_phone_set(*, user: Any, phone: str) -> str:
    """Keep `phone` (typed, any format) as the account's number; "" forgets it. Returns the
    E.164 number; a number that isn't one raises ValidationError with the reason."""
    number = phone_clean(phone)
    if not number:
        AccountPhone.objects.filter(user=user).delete()
        return ""
    AccountPhone.objects.update_or_create(
        user=user, defaults={"number": number, "set_at": timezone.now()}
    )
    return number


def account_phone_from_invitation(*, user: Any, invitation: Invitation) -> None:
    """An invitation texted to a number alone reached that phone: the number is the
    person's, for resets too (unless their account has one). One sent to an email as well
    proves nothing about the phone."""
    if invitation.phone and not invitation.email and not account_phone_of(user):
        account_phone_set(user=user, phone=invitation.phone)


def account_phone_of(user: Any) -> str:
    return AccountPhone.objects.filter(user=user).values_list("number", flat=True).first() or ""


def users_with_phone(number: str) -> list[Any]:
    """The active accounts whose number is `number` (E.164)."""
    return list(
        get_user_model().objects.filter(account_phone__number=number, is_active=True).order_by("pk")
    )


# --- password reset by text ---


def reset_text_guard(request: HttpRequest, number: str) -> throttle.Guard:
    return throttle.Guard(
        [(RESET_PHONE, number), (throttle.RESET_ADDRESS, throttle.client_address(request))]
    )


# --- a fresh sign-in link from staff ---

MemberCheck = Callable[[Any, int], bool]
_member_checks: dict[str, MemberCheck] = {}


def register_member_check(scope_kind: str, check: MemberCheck) -> None:
    """`check(user, scope_id)`: whether the user plays in that league (is entered in that
    event). Registering again replaces it."""
    _member_checks[scope_kind] = check


def is_member(user: Any, scope_kind: str, scope_id: int) -> bool:
    """Staff of the object, or one of its players (as the app above says)."""
    if Role.objects.filter(user=user, scope_kind=scope_kind, scope_id=scope_id).exists():
        return True
    check = _member_checks.get(scope_kind)
    if check is None:
        raise ImproperlyConfigured(f"No app registered who the members of a {scope_kind} are.")
    return check(user, scope_id)


def _name(user: Any) -> str:
    return user.get_full_name() or user.get_username()


def sign_in_link_send(
    *, by: Any, user: Any, scope_kind: str, scope_id: int, channel: str, site_url: str
) -> str:
    """Send `user` a link to choose a new password, by email or text; returns where it went
    (masked). Only the object's managers or directors, and only to its members."""
    permissions.deny_unless(
        by is not None
        and by.is_authenticated
        and permissions.can_grant_role(by, scope_kind, scope_id),
        "Only this league's managers or this event's directors send its members sign-in links.",
    )
    if not is_member(user, scope_kind, scope_id):
        raise PermissionDenied("That person isn't one of yours: they play elsewhere.")
    if not user.is_active:
        raise ValidationError(f"{_name(user)}'s account is switched off.")
    if channel not in (EMAIL, TEXT):
        raise ValidationError("Send it by email or by text.")
    address = user.email if channel == EMAIL else account_phone_of(user)
    if not address:
        other = "a text" if channel == EMAIL else "email"
        raise ValidationError(
            f"{_name(user)} has no {'email address' if channel == EMAIL else 'mobile number'} "
            f"on their account: send it by {other}, or ask them for one."
        )
    guard = throttle.Guard([(SIGN_IN_LINKS, str(user.pk))])
    try:
        guard.begin()
    except throttle.Refused as refusal:
        raise ValidationError(refusal.message) from None
    guard.failed()  # every link counts towards the limit
    sent_to = mask_email(address) if channel == EMAIL else mask_phone(address)
    activity_record(
        actor=by,
        verb=Verb.SIGN_IN_LINK_SENT,
        target=user,
        scope_kind=scope_kind,
        scope_id=scope_id,
        label=_name(user),
        detail=f"by {channel} to {sent_to}",
    )
    send_sign_in_link.delay_on_commit(user.pk, site_url, channel, _name(by))
    return sent_to
