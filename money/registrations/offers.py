"""A place offered from the waitlist: accepted or declined by the link's holder, or passed
on when its time runs out (`offers_expire`, run every few minutes by the periodic task).

The link carries the offer's token, so the person answers from the email or the text
without signing in. Expiry is a conditional UPDATE (still offered, still past its time)
under the sign-up's lock: two workers never both pass one offer on.
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from activity.models import Verb
from money.models import Registration, SignUp
from money.registrations.common import (
    lock_registration,
    lock_sign_up,
    log,
    money_text,
    now,
    tell,
    what,
)
from money.registrations.places import hold_terms, leave, move_on, placed_state

State = Registration.State
GONE = "This offer is no longer open: it was answered, withdrawn or passed on."


def offer_find(token: str) -> Registration | None:
    if not token or len(token) > 40:
        return None
    return (
        Registration.objects.select_related(
            "sign_up__season__league", "sign_up__tournament", "player"
        )
        .filter(offer_token=token)
        .first()
    )


def _open_offer(token: str) -> Registration:
    registration = offer_find(token)
    if registration is None:
        raise ValidationError(GONE)
    registration = lock_registration(registration)
    if registration.state != State.OFFERED or registration.offer_token != token:
        raise ValidationError(GONE)
    if registration.offer_expires_at is not None and registration.offer_expires_at <= now():
        raise ValidationError("This offer's time ran out: the place goes to the next in line.")
    return registration


@transaction.atomic
def offer_accept(*, token: str, by: Any = None) -> Registration:
    """Take the offered place: held now (waiting for the partner when one hasn't accepted),
    with its pay-by deadline under pay-to-hold."""
    registration = _open_offer(token)
    at = now()
    registration.state = placed_state(registration)
    registration.offer_token = ""
    registration.offer_expires_at = None
    hold_terms(registration, at)
    registration.save(
        update_fields=[
            "state",
            "offer_token",
            "offer_expires_at",
            "fee_due_cents",
            "pay_by",
            "updated_at",
        ]
    )
    due = money_text(registration, registration.fee_due_cents)
    log(
        registration=registration,
        by=by,
        verb=Verb.PLACE_TAKEN,
        detail=f"offered place {registration.place} accepted, fee due {due}",
    )
    return registration


@transaction.atomic
def offer_decline(*, token: str, by: Any = None) -> Registration:
    """Say no to the offered place: the registration is withdrawn and the place is offered
    to the next in line."""
    registration = _open_offer(token)
    return leave(registration, state=State.WITHDRAWN, by=by, detail="declined the offered place")


def _expire_one(registration_id: int) -> bool:
    with transaction.atomic():
        registration = Registration.objects.select_related("sign_up").get(pk=registration_id)
        registration = lock_registration(registration)
        at = now()
        # Conditional: only an offer still open and still past its time passes on (a
        # worker that comes second, or an answer a moment before, leaves nothing to do).
        claimed = Registration.objects.filter(
            pk=registration_id, state=State.OFFERED, offer_expires_at__lte=at
        ).update(updated_at=at)
        if not claimed:
            return False
        leave(
            registration,
            state=State.LAPSED,
            by=None,
            verb=Verb.OFFER_LAPSED,
            detail="the offer was not answered in time",
        )
        name = what(registration.sign_up)
        tell(
            registration,
            subject=f"The place offered in {name} went to the next in line",
            body=f"The place offered to you in {name} wasn't taken in time, so it went to the "
            "next person on the waitlist.",
            sms_text=f"The place offered in {name} went to the next in line.",
        )
        return True


def offers_expire() -> int:
    """Pass every offer whose time ran out to the next in line; returns how many."""
    due = list(
        Registration.objects.filter(state=State.OFFERED, offer_expires_at__lte=now()).values_list(
            "pk", flat=True
        )
    )
    return sum(_expire_one(pk) for pk in due)


@transaction.atomic
def waitlist_move_on(*, sign_up: SignUp, by: Any = None) -> int:
    """Offer every free place of the sign-up to the first in line (after places were
    added, say); returns how many were offered."""
    return move_on(lock_sign_up(sign_up), by)


def waitlists_move_on() -> int:
    """Every sign-up with people waiting: free places offered (the periodic job)."""
    waiting = SignUp.objects.filter(registrations__state=State.WAITLISTED).distinct().order_by("pk")
    return sum(waitlist_move_on(sign_up=sign_up) for sign_up in waiting)
