"""Places and the waitlist: taking a place, joining the waitlist, offering a freed place to
the first in line, and a registration leaving (withdrawn, refused, lapsed).

Every function here runs with the sign-up's row locked (`common.lock_sign_up`): places and
positions are handed out one at a time, and the unique constraints on (sign-up, place) and
(sign-up, position) are the final guard. Leaving sends `money.signals.registration_left`
inside the same transaction (the payments part refunds on it).
"""

import datetime
from typing import Any

from django.db.models import Max
from django.urls import reverse

from activity.models import Verb
from money import pricing
from money.models import Member, Registration, SignUp
from money.models.registrations import new_token
from money.registrations.common import log, money_text, now, recipient, what
from money.signals import registration_left
from notices.models import Notice
from notices.services import notice_send
from wording.when import when

State = Registration.State


def fees_of(sign_up: SignUp) -> pricing.Fees:
    return pricing.Fees(
        fee_cents=sign_up.fee_cents,
        fee_per=sign_up.fee_per,
        early_fee_cents=sign_up.early_fee_cents,
        early_until=sign_up.early_until,
        member_fee_cents=sign_up.member_fee_cents,
    )


def people_of(registration: Registration) -> list[int]:
    """The player ids a registration pays for (a free agent: themselves)."""
    ids = [registration.player_id]
    if registration.partner_id is not None:
        ids.append(registration.partner_id)
    return ids


def players_count(registration: Registration) -> int:
    if registration.state == State.FREE_AGENT:
        return 1
    unit = registration.sign_up.unit
    return 2 if unit in (SignUp.Unit.TEAM, SignUp.Unit.PAIR) else 1


def price(registration: Registration, at: datetime.datetime) -> int:
    """The fee due if the place is taken at `at`. Members: the season's league's member
    list; an event keeps no member list, so its members' price never applies."""
    sign_up = registration.sign_up
    players = players_count(registration)
    members = 0
    if sign_up.season_id is not None and sign_up.member_fee_cents is not None:
        members = Member.objects.filter(
            league_id=sign_up.season.league_id, player_id__in=people_of(registration)
        ).count()
        members = min(members, players)
    if registration.state == State.FREE_AGENT and sign_up.fee_per == SignUp.FeePer.TEAM:
        return 0  # the team they join pays its fee
    return pricing.fee_due(fees_of(sign_up), at=at, players=players, members=members)


def free_place(sign_up: SignUp) -> int | None:
    """The lowest place number nobody holds, or None when every place is taken."""
    taken = set(
        Registration.objects.filter(sign_up=sign_up, place__isnull=False).values_list(
            "place", flat=True
        )
    )
    limit = sign_up.places if sign_up.places is not None else len(taken) + 1
    return next((n for n in range(1, limit + 1) if n not in taken), None)


def waitlist_queue(sign_up: SignUp):  # type: ignore[no-untyped-def]
    return Registration.objects.filter(sign_up=sign_up, state=State.WAITLISTED).order_by(
        "waitlist_position", "pk"
    )


def waitlist_position(registration: Registration) -> int | None:
    """The person's number in line (1: next to be offered a place)."""
    if registration.state != State.WAITLISTED or registration.waitlist_position is None:
        return None
    return (
        waitlist_queue(registration.sign_up)
        .filter(waitlist_position__lt=registration.waitlist_position)
        .count()
        + 1
    )


def _next_position(sign_up: SignUp) -> int:
    last = Registration.objects.filter(sign_up=sign_up).aggregate(n=Max("waitlist_position"))["n"]
    return (last or 0) + 1


def placed_state(registration: Registration) -> str:
    """A team or a pair whose partner hasn't accepted holds its place waiting for them."""
    waiting = registration.partner_accepted_at is None and (
        registration.partner_id is not None or registration.partner_email
    )
    return State.WAITING_PARTNER if waiting else State.HOLDING


def hold_terms(registration: Registration, at: datetime.datetime) -> None:
    """Price the place and, under pay-to-hold, give it a deadline to be paid by."""
    sign_up = registration.sign_up
    registration.fee_due_cents = price(registration, at)
    registration.pay_by = None
    if sign_up.pay_to_hold and registration.fee_due_cents > 0:
        registration.pay_by = at + datetime.timedelta(hours=sign_up.pay_within_hours)


def seat(registration: Registration, at: datetime.datetime) -> None:
    """Give a new registration (not yet saved) a place, or the next waitlist position.

    Nobody jumps the line: while anyone waits, a newcomer waits behind them.
    """
    sign_up = registration.sign_up
    place = None if waitlist_queue(sign_up).exists() else free_place(sign_up)
    if place is None:
        registration.state = State.WAITLISTED
        registration.place = None
        registration.waitlist_position = _next_position(sign_up)
        registration.fee_due_cents = 0
        return
    registration.place = place
    registration.state = placed_state(registration)
    hold_terms(registration, at)


def log_seat(registration: Registration, by: Any) -> None:
    if registration.state == State.WAITLISTED:
        log(
            registration=registration,
            by=by,
            verb=Verb.WAITLISTED,
            detail=f"number {waitlist_position(registration)} on the waitlist",
        )
    elif registration.place is not None:
        due = money_text(registration, registration.fee_due_cents)
        log(
            registration=registration,
            by=by,
            verb=Verb.PLACE_TAKEN,
            detail=f"place {registration.place}, fee due {due}",
        )


def _offer(registration: Registration, place: int, by: Any) -> None:
    at = now()
    sign_up = registration.sign_up
    registration.state = State.OFFERED
    registration.place = place
    registration.waitlist_position = None
    registration.offer_token = new_token()
    registration.offer_expires_at = at + datetime.timedelta(hours=sign_up.offer_hours)
    registration.fee_due_cents = price(registration, at)
    registration.save(
        update_fields=[
            "state",
            "place",
            "waitlist_position",
            "offer_token",
            "offer_expires_at",
            "fee_due_cents",
            "updated_at",
        ]
    )
    until = when(registration.offer_expires_at)
    log(
        registration=registration,
        by=by,
        verb=Verb.PLACE_OFFERED,
        detail=f"place {place} until {until}",
    )
    link = reverse("money:offer_respond", args=[registration.offer_token])
    name = what(sign_up)
    notice_send(
        kind=Notice.Kind.GENERAL,
        subject=f"A place is free for you: {name}",
        body=(
            f"A place opened in {name} and it is yours if you want it. Accept or decline it "
            f"by {until}; after that it goes to the next person on the waitlist."
        ),
        sms_text=f"A place opened in {name}: accept or decline by {until}.",
        recipients=[recipient(registration.player)],
        created_by=by,
        link=link,
        season=sign_up.season,
        source={"registration": registration.pk, "offer": registration.offer_token[:8]},
    )


def move_on(sign_up: SignUp, by: Any = None) -> int:
    """Offer every free place to the first in line, in order; returns how many were offered.
    Call with the sign-up locked, after a place was freed (or places were added)."""
    offered = 0
    while True:
        first = waitlist_queue(sign_up).select_related("sign_up", "player__user").first()
        place = free_place(sign_up) if first is not None else None
        if first is None or place is None:
            return offered
        first.sign_up = sign_up
        _offer(first, place, by)
        offered += 1


LEAVE_VERBS = {
    State.WITHDRAWN: Verb.REGISTRATION_WITHDRAWN,
    State.REFUSED: Verb.REGISTRATION_REFUSED,
    State.LAPSED: Verb.REGISTRATION_LAPSED,
}


def leave(
    registration: Registration, *, state: str, by: Any, detail: str = "", verb: str = ""
) -> Registration:
    """The registration gives up its place or its claim: logged, announced by the signal,
    and a freed place offered to the first in line. The sign-up must be locked."""
    had_place = registration.place is not None
    was = registration.get_state_display()
    registration.state = state
    registration.place = None
    registration.waitlist_position = None
    registration.offer_token = ""
    registration.offer_expires_at = None
    registration.pay_by = None
    registration.save(
        update_fields=[
            "state",
            "place",
            "waitlist_position",
            "offer_token",
            "offer_expires_at",
            "pay_by",
            "staff_message",
            "updated_at",
        ]
    )
    log(
        registration=registration,
        by=by,
        verb=verb or LEAVE_VERBS[state],
        detail=" · ".join(filter(None, [f"was: {was}", detail])),
    )
    registration_left.send(
        sender=Registration,
        registration=registration,
        reason=state,
        by=by if getattr(by, "is_authenticated", False) else None,
    )
    if had_place:
        move_on(registration.sign_up, by)
    return registration
