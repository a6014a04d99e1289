"""The person's own withdrawal, before the season's first night or the event's day: the
place (or the waitlist position) is given up and offered to the next in line, and the
payments part refunds what the sign-up's refund deadline allows (`registration_left`)."""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from money.models import Registration
from money.registrations.common import check_own, lock_registration, starts_on, what
from money.registrations.places import leave
from tournaments.models import Entry, Tournament

State = Registration.State


def withdraw_refusal(registration: Registration) -> str:
    """Why the person may not withdraw now, or ""."""
    if registration.state not in Registration.LIVE:
        return "This registration is no longer live."
    # A season has started on its first night; an event when its director starts it (a
    # player may still drop out of tonight's progressive before the first round).
    first = starts_on(registration.sign_up) if registration.sign_up.season_id else None
    if first is not None and first <= timezone.localdate():
        return f"{what(registration.sign_up)} has started: ask the organisers."
    tournament = registration.sign_up.tournament
    if tournament is not None and tournament.status != Tournament.Status.SETUP:
        return f"{tournament.name} has started: ask the director."
    if registration.team_id is not None:
        return "Your team is in the season already: ask the league's manager to withdraw it."
    return ""


@transaction.atomic
def registration_withdraw(*, registration: Registration, by: Any) -> Registration:
    registration = lock_registration(registration)
    check_own(by, registration)
    refusal = withdraw_refusal(registration)
    if refusal:
        raise ValidationError(refusal)
    if registration.entry_id is not None:  # accepted for an event still taking entries
        Entry.objects.filter(pk=registration.entry_id).update(status=Entry.Status.WITHDRAWN)
    return leave(registration, state=State.WITHDRAWN, by=by, detail="by the player")
