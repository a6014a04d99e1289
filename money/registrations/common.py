"""What every registration service shares: the sign-up's lock, the activity log, what has
been paid, who a registration's people are and how a notice reaches them."""

import datetime
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from activity.services import activity_record
from league.seasons.models import Player
from money.access import ONLY_STAFF, can_manage_sign_up, is_own_registration
from money.amounts import cents_text
from money.models import Payment, Refund, Registration, SignUp
from notices.addresses import Recipient
from notices.models import Notice
from notices.services import notice_send

State = Registration.State


def lock_sign_up(sign_up: SignUp) -> SignUp:
    """Places and waitlist positions are given out one at a time per sign-up: the row lock
    serialises them (the unique constraints on place and position are the final guard)."""
    return (
        SignUp.objects.select_for_update(of=("self",))
        .select_related("season", "tournament")
        .get(pk=sign_up.pk)
    )


def lock_registration(registration: Registration) -> Registration:
    """The sign-up first, then the registration: every service locks in this order."""
    lock_sign_up(registration.sign_up)
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("sign_up__season__league", "sign_up__tournament", "player", "partner")
        .get(pk=registration.pk)
    )


def what(sign_up: SignUp) -> str:
    """The season's or the event's name, as messages say it."""
    if sign_up.season_id is not None:
        return f"{sign_up.season.league.name} · {sign_up.season.name}"
    return sign_up.tournament.name


def log(*, registration: Registration, by: Any, verb: str, detail: str = "") -> None:
    kind, scope_id = registration.sign_up.scope
    activity_record(
        actor=by,
        verb=verb,
        target=registration,
        scope_kind=kind,
        scope_id=scope_id,
        label=f"{registration} · {what(registration.sign_up)}",
        detail=detail,
    )


def check_staff(by: Any, sign_up: SignUp) -> None:
    if by is None or not can_manage_sign_up(by, sign_up):
        raise PermissionDenied(ONLY_STAFF)


def check_own(by: Any, registration: Registration) -> None:
    if by is None or not is_own_registration(by, registration):
        raise PermissionDenied("Only the person who registered may do that.")


def paid_cents(registration: Registration) -> int:
    """Paid payments less refunds done: what the registration has really paid."""
    paid = Payment.objects.filter(registration=registration, state=Payment.State.PAID).aggregate(
        n=Sum("amount_cents")
    )["n"]
    refunded = Refund.objects.filter(
        payment__registration=registration, state=Refund.State.DONE
    ).aggregate(n=Sum("amount_cents"))["n"]
    return (paid or 0) - (refunded or 0)


def money_text(registration: Registration, cents: int) -> str:
    return cents_text(cents, registration.sign_up.currency)


def recipient(player: Player | None, *, email: str = "", phone: str = "") -> Recipient:
    """How a notice reaches a registration's person: their player record's address and
    phone (texts as they chose), or the address typed for them."""
    if player is None:
        return Recipient(name="", email=email, phone=phone, sms_opt_in=bool(phone))
    address = player.email or email or getattr(player.user, "email", "") or ""
    return Recipient(
        name=player.name,
        email=address,
        phone=player.phone,
        sms_opt_in=player.sms_opt_in,
        player_id=player.pk,
    )


def tell(registration: Registration, *, subject: str, body: str, sms_text: str) -> None:
    """A notice to the person who registered (email, and a text as they chose), written
    in the caller's transaction."""
    notice_send(
        kind=Notice.Kind.GENERAL,
        subject=subject,
        body=body,
        sms_text=sms_text,
        recipients=[recipient(registration.player)],
        link=reverse("money:registration_detail", args=[registration.pk]),
        season=registration.sign_up.season,
        source={"registration": registration.pk, "state": registration.state},
    )


def now() -> datetime.datetime:
    return timezone.now()


def starts_on(sign_up: SignUp) -> datetime.date | None:
    """The first league night, or the event's day."""
    if sign_up.season_id is not None:
        return sign_up.season.starts_on
    return sign_up.tournament.date


def refuse(message: str) -> None:
    raise ValidationError(message)
