"""Self check-in from the QR code at the door: a player opens the event's signed link on
their phone, picks or types their name and is checked in.

The link carries the event's id signed with the site's key, so nobody can make one for
another event; it works only while the director has self check-in open (before the start,
or while a progressive event under way has a round left to join). Checking in twice is
the same as once: every check-in locks the event's row first, so a double tap finds the
first one done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from accounts.permissions import can_run_tournament, deny_unless
from accounts.phones import phone_clean
from inputs.bounds import typed_number
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament
from tournaments.services.entries import NAME_MAX, _typed
from tournaments.services.lifecycle import entry_arrive_late

SALT = "tournaments.self-check-in"
NOT_YOURS = "Only this tournament's director can open or close its check-in."
CLOSED = "Check-in is closed: please see the director."
EMAIL_MAX = Entry._meta.get_field("email").max_length


def check_in_token(tournament: Tournament) -> str:
    """The signed part of the event's self check-in link (the same every time)."""
    return signing.Signer(salt=SALT).sign(str(tournament.pk))


def tournament_id_for_token(token: str) -> int | None:
    """The event a token was signed for, or None when it isn't a genuine token."""
    try:
        value = signing.Signer(salt=SALT).unsign(token)
    except signing.BadSignature:
        return None
    return typed_number(value)


def check_in_is_open(tournament: Tournament) -> bool:
    """Open by the director, and there is still something to join."""
    if not tournament.check_in_open:
        return False
    if tournament.status == Tournament.Status.SETUP:
        return True
    return (
        tournament.status == Tournament.Status.RUNNING
        and tournament.is_progressive
        and tournament.current_round < tournament.rounds
    )


@transaction.atomic
def tournament_check_in_set(*, tournament: Tournament, open: bool, by: Any) -> Tournament:
    """The director opens or closes self check-in."""
    deny_unless(can_run_tournament(by, tournament), NOT_YOURS)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tournament.check_in_open = open
    if open and not check_in_is_open(tournament):
        raise TournamentError(
            "Self check-in opens before the start, or while a progressive event has a round "
            "left to join."
        )
    tournament.save(update_fields=["check_in_open"])
    return tournament


@dataclass(frozen=True)
class SelfCheckIn:
    entry: Entry
    already: bool  # checked in before this tap
    late: bool  # arrived after the start: seated from `entry.first_round`


def _same(name: str) -> str:
    return " ".join(name.split()).casefold()


def _entry_named(tournament: Tournament, name: str) -> Entry:
    entries = tournament.entries.select_related("player", "partner")
    found = [
        entry
        for entry in entries
        if _same(entry.player.name) == _same(name)
        or (entry.partner_id and _same(entry.partner.name) == _same(name))
    ]
    if not found:
        raise TournamentError(
            f"“{name}” isn't on the list of registered players: check the spelling, "
            "or see the director."
        )
    if len(found) > 1:
        raise TournamentError(f"More than one entry is called “{name}”: please see the director.")
    return found[0]


def _contact(email: str, phone: str) -> tuple[str, str]:
    email = email.strip().lower()
    try:
        if email:
            if len(email) > EMAIL_MAX:
                raise ValidationError(f"Keep the email address to {EMAIL_MAX} characters.")
            validate_email(email)
        phone = phone_clean(phone)
    except ValidationError as exc:
        message = exc.messages[0]
        if exc.code == "invalid":
            message = "That isn't an email address."
        raise TournamentError(message) from None
    return email, phone


@transaction.atomic
def entry_self_check_in(
    *, tournament: Tournament, name: str, notify: bool = False, email: str = "", phone: str = ""
) -> SelfCheckIn:
    """Check in the entry registered under `name` (a player's or a partner's); once checked
    in, again is no change. With `notify`, their seats and results are sent to the contact
    given here or on file."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not check_in_is_open(tournament):
        raise TournamentError(CLOSED)
    name = _typed(name, label="your name", limit=NAME_MAX, empty="Type your name.", collapse=True)
    email, phone = _contact(email, phone)
    entry = _entry_named(tournament, name)
    if entry.status == Entry.Status.WITHDRAWN:
        raise TournamentError(f"{entry} has withdrawn: please see the director.")
    reachable = email or phone or entry.email or entry.phone
    reachable = reachable or entry.player.email or entry.player.phone
    if notify and not reachable:
        raise TournamentError("Give an email address or a phone number to receive your seats.")
    entry.email = email or entry.email
    entry.phone = phone or entry.phone
    entry.notify = entry.notify or notify
    entry.save(update_fields=["email", "phone", "notify"])
    if entry.status == Entry.Status.CHECKED_IN:
        return SelfCheckIn(entry, already=True, late=entry.late)
    if tournament.status == Tournament.Status.SETUP:
        entry.status = Entry.Status.CHECKED_IN
        entry.checked_in_at = timezone.now()
        entry.save(update_fields=["status", "checked_in_at"])
        return SelfCheckIn(entry, already=False, late=False)
    # Under way: a late arrival, and the rounds not yet started are drawn again with them.
    entry = entry_arrive_late(entry=entry, by=None)
    return SelfCheckIn(entry, already=False, late=True)
