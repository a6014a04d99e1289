"""Registering: a season's team (the captain names it, picks its level and invites the
partner) or free agent, an event's player (progressive) or pair (bracket, heats).

`registration_submit` checks everything typed before it writes anything; a refusal is a
ValidationError with the reason and changes nothing. The same person registering twice (a
double tap) gets their first registration back: the check finds it, and the partial
unique constraint `registration_live_once` is the guard when both taps race.
"""

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q

from activity.models import Verb
from inputs.bounds import text_clean
from league.seasons.models import Player, RosterEntry, SkillLevel
from league.seasons.services.rosters import player_find_or_create
from money.models import Registration, SignUp
from money.models.registrations import LIVE_STATES
from money.registrations.answers import answers_clean, questions_of
from money.registrations.common import lock_sign_up, log, now, what
from money.registrations.partners import partner_invite_send
from money.registrations.places import log_seat, move_on, price, seat
from money.registrations.registrants import clean_email, clean_name, player_for_user
from money.registrations.waivers import waiver_consent
from wording.when import when

State = Registration.State
TEAM_NAME_MAX = Registration._meta.get_field("team_name").max_length
PHONE_MAX = Player._meta.get_field("phone").max_length


@dataclass
class Submission:
    """What the person typed on the sign-up form."""

    free_agent: bool = False
    team_name: str = ""
    skill_level_id: int | None = None
    partner_name: str = ""
    partner_email: str = ""
    partner_phone: str = ""
    answers: dict[str, Any] = field(default_factory=dict)
    waiver_name: str = ""
    waiver_agreed: bool = False
    ip_address: str | None = None


def open_refusal(sign_up: SignUp, at: datetime.datetime | None = None) -> str:
    """Why the sign-up takes no registration now, or ""."""
    at = at or now()
    if at < sign_up.opens_at:
        return f"Registration for {what(sign_up)} opens {when(sign_up.opens_at)}."
    if at >= sign_up.closes_at:
        return f"Registration for {what(sign_up)} closed {when(sign_up.closes_at)}."
    tournament = sign_up.tournament
    if tournament is not None and tournament.status != tournament.Status.SETUP:
        return f"{tournament.name} has started: registration is closed."
    return ""


def needs_partner(sign_up: SignUp, free_agent: bool) -> bool:
    return sign_up.unit == SignUp.Unit.PAIR or (sign_up.unit == SignUp.Unit.TEAM and not free_agent)


def live_for(sign_up: SignUp, player: Player) -> Registration | None:
    """The person's live registration here, as the one who registered or as a partner."""
    return (
        Registration.objects.filter(sign_up=sign_up, state__in=LIVE_STATES)
        .filter(Q(player=player) | Q(partner=player))
        .first()
    )


def _level(sign_up: SignUp, level_id: int | None) -> SkillLevel | None:
    levels = list(SkillLevel.objects.filter(season_id=sign_up.season_id))
    if not levels:
        return None
    chosen = next((level for level in levels if level.pk == level_id), None)
    if chosen is None:
        raise ValidationError("Pick the team's level from the season's levels.")
    return chosen


def _team_fields(sign_up: SignUp, typed: Submission) -> tuple[str, SkillLevel | None]:
    if sign_up.unit == SignUp.Unit.PLAYER or typed.free_agent:
        return "", None
    required = sign_up.unit == SignUp.Unit.TEAM
    name = text_clean(
        typed.team_name,
        label="the team's name",
        limit=TEAM_NAME_MAX,
        empty="Give the team a name." if required else None,
        collapse=True,
    )
    if not required:
        return name, None
    taken = f"{sign_up.season.name} already has a team called {name}: choose another name."
    if sign_up.season.teams.filter(name__iexact=name).exists():
        raise ValidationError(taken)
    others = Registration.objects.filter(sign_up=sign_up, state__in=LIVE_STATES)
    if others.filter(team_name__iexact=name).exists():
        raise ValidationError(taken)
    return name, _level(sign_up, typed.skill_level_id)


def _partner(sign_up: SignUp, player: Player, typed: Submission) -> tuple[str, str, str]:
    name = clean_name(typed.partner_name, label="your partner's name")
    email = clean_email(typed.partner_email, label="your partner's email address")
    phone = text_clean(typed.partner_phone, label="your partner's mobile number", limit=PHONE_MAX)
    if player.email and email == player.email.lower():
        raise ValidationError("Your partner is someone else: give their email address.")
    return name, email, phone


def _check_kind(sign_up: SignUp, player: Player, typed: Submission) -> None:
    if typed.free_agent and (sign_up.unit != SignUp.Unit.TEAM or not sign_up.free_agents):
        raise ValidationError("This sign-up takes no free agents: register with a team.")
    if sign_up.season_id is None:
        return
    # A player is a regular on one team a season (`roster_one_team_per_season`).
    regular = (
        RosterEntry.objects.filter(player=player, season_id=sign_up.season_id)
        .exclude(role=RosterEntry.Role.SUB)
        .select_related("team")
        .first()
    )
    if regular is not None:
        raise ValidationError(f"You already play for {regular.team.name} in {sign_up.season.name}.")


@transaction.atomic
def registration_submit(
    *, sign_up: SignUp, by: Any, typed: Submission
) -> tuple[Registration, bool]:
    """Register `by` (signed in) for the sign-up; returns (registration, created). The
    place is taken now, or the person joins the waitlist when every place is held."""
    if by is None or not getattr(by, "is_authenticated", False):
        raise PermissionDenied("Sign in, or give your name and email, to register.")
    sign_up = lock_sign_up(sign_up)
    refusal = open_refusal(sign_up)
    if refusal:
        raise ValidationError(refusal)
    player = player_for_user(by)
    existing = live_for(sign_up, player)
    if existing is not None:
        if existing.player_id == player.pk:
            return existing, False
        raise ValidationError(f"You are already registered for {what(sign_up)} as a partner.")
    _check_kind(sign_up, player, typed)
    team_name, level = _team_fields(sign_up, typed)
    partner_details = (
        _partner(sign_up, player, typed) if needs_partner(sign_up, typed.free_agent) else None
    )
    answers = answers_clean(questions_of(sign_up), typed.answers)
    consent = waiver_consent(
        sign_up, player, typed=typed.waiver_name, agreed=typed.waiver_agreed, ip=typed.ip_address
    )
    registration = Registration(
        sign_up=sign_up,
        player=player,
        user=by,
        team_name=team_name,
        skill_level=level,
        answers=answers,
        waivers={"player": consent} if consent else {},
    )
    if partner_details is not None:
        name, email, phone = partner_details
        partner = player_find_or_create(name=name, email=email, phone=phone)
        if partner.pk == player.pk:
            raise ValidationError("Your partner is someone else: give their email address.")
        if live_for(sign_up, partner) is not None:
            raise ValidationError(f"{email} is already registered for {what(sign_up)}.")
        registration.partner = partner
        registration.partner_email = email
    at = now()
    if typed.free_agent:
        registration.state = State.FREE_AGENT
        registration.fee_due_cents = price(registration, at)
    else:
        seat(registration, at)
    try:
        with transaction.atomic():
            registration.save(force_insert=True)
    except IntegrityError:  # a double tap, or the partner registered at the same moment
        existing = live_for(sign_up, player)
        if existing is not None and existing.player_id == player.pk:
            return existing, False
        raise ValidationError("Your partner was registered a moment ago: ask them.") from None
    kind = "free agent" if typed.free_agent else sign_up.get_unit_display().lower().rstrip("s")
    log(registration=registration, by=by, verb=Verb.REGISTERED, detail=f"as a {kind}")
    log_seat(registration, by)
    if partner_details is not None:
        partner_invite_send(registration=registration, by=by, phone=partner_details[2])
    if registration.state == State.WAITLISTED:
        move_on(sign_up, by)  # a place may be free behind an offer that just went
        registration.refresh_from_db()
    return registration, True
