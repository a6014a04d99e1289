"""The staff's decisions on a registration: accept it (a season's team is made with its
roster; an event's entry is made), refuse it with a message, place a free agent on a team.

Only the sign-up's own staff (`money.access.can_manage_sign_up`): a manager of another
league or a director of another event is refused here as on the page.
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q

from activity.models import Verb
from inputs.bounds import text_clean
from league.seasons.models import Player, RosterEntry, Team
from league.seasons.services.rosters import roster_add_player, team_create
from money import pricing
from money.models import Registration, SignUp
from money.models.registrations import MESSAGE_MAX
from money.registrations.common import check_staff, lock_registration, log, recipient, what
from money.registrations.places import fees_of, free_place, leave
from money.registrations.waivers import waivers_sign
from notices.models import Notice
from notices.services import notice_send
from tournaments.models import Entry, Tournament

State = Registration.State
ACCEPTABLE = [State.HOLDING, State.WAITING_PARTNER]


def _roster(team: Team, player: Player, role: str) -> RosterEntry:
    """Put this very player on the roster. `roster_add_player` finds people by email;
    a record without one is put on directly (the same one-team-a-season guard applies)."""
    if player.email:
        entry = roster_add_player(team=team, name=player.name, email=player.email, role=role)
        if entry.player_id == player.pk:
            return entry
        raise ValidationError(f"{player.name}'s record changed: open the registration again.")
    try:
        with transaction.atomic():
            return RosterEntry.objects.create(team=team, player=player, role=role)
    except IntegrityError:
        raise ValidationError(
            f"{player.name} already plays for another team in {team.season.name}."
        ) from None


def _entry(registration: Registration) -> Entry:
    """The event's entry for this registration (the event still taking entries)."""
    tournament = Tournament.objects.select_for_update().get(pk=registration.sign_up.tournament_id)
    if tournament.status != Tournament.Status.SETUP:
        raise ValidationError("The event has started: add them at the door instead.")
    people = [p for p in (registration.player_id, registration.partner_id) if p is not None]
    clash = Entry.objects.filter(tournament=tournament).filter(
        Q(player_id__in=people) | Q(partner_id__in=people)
    )
    if clash.exists():
        raise ValidationError(f"{registration} is already entered in {tournament.name}.")
    number = (tournament.entries.aggregate(n=Max("number"))["n"] or 0) + 1
    player = registration.player
    try:
        with transaction.atomic():
            return Entry.objects.create(
                tournament=tournament,
                number=number,
                player=player,
                partner=registration.partner,
                team_name=registration.team_name,
                email=player.email,
                phone=player.phone,
            )
    except IntegrityError:
        raise ValidationError(f"{registration} was entered a moment ago.") from None


@transaction.atomic
def registration_accept(*, registration: Registration, by: Any) -> Registration:
    """Accept a held place: the season's team with its captain and partner on the roster
    (the waivers they agreed to are signed), or the event's entry."""
    registration = lock_registration(registration)
    check_staff(by, registration.sign_up)
    if registration.state == State.ACCEPTED:
        raise ValidationError(f"{registration} is already accepted.")
    if registration.state not in ACCEPTABLE:
        raise ValidationError(
            f"Only a registration holding a place can be accepted ({registration} is: "
            f"{registration.get_state_display().lower()})."
        )
    if registration.partner_id is not None and registration.partner_accepted_at is None:
        raise ValidationError("The partner hasn't accepted yet: accept once they have.")
    sign_up = registration.sign_up
    detail = ""
    if sign_up.season_id is not None:
        team = team_create(
            season=sign_up.season, name=registration.team_name, skill_level=registration.skill_level
        )
        players = {"player": registration.player}
        _roster(team, registration.player, RosterEntry.Role.CAPTAIN)
        if registration.partner is not None:
            _roster(team, registration.partner, RosterEntry.Role.PLAYER)
            players["partner"] = registration.partner
        registration.team = team
        signed = waivers_sign(registration, players)
        detail = f"team {team.name}" + (f" · waivers signed: {', '.join(signed)}" if signed else "")
    else:
        registration.entry = _entry(registration)
        detail = f"entry {registration.entry.number}"
    registration.state = State.ACCEPTED
    registration.save(update_fields=["state", "team", "entry", "updated_at"])
    log(registration=registration, by=by, verb=Verb.REGISTRATION_ACCEPTED, detail=detail)
    return registration


@transaction.atomic
def registration_refuse(*, registration: Registration, by: Any, message: str) -> Registration:
    """Refuse it; the person gets `message` by email, the place goes to the next in line."""
    message = text_clean(
        message,
        label="the message",
        limit=MESSAGE_MAX,
        empty="Say why, in a message to the person.",
        lines=True,
    )
    registration = lock_registration(registration)
    check_staff(by, registration.sign_up)
    if registration.state not in Registration.LIVE:
        raise ValidationError(f"{registration} is no longer registered.")
    if registration.team_id is not None or registration.entry_id is not None:
        raise ValidationError(
            f"{registration} is accepted and in already: withdraw the team or the entry instead."
        )
    registration.staff_message = message
    leave(registration, state=State.REFUSED, by=by, detail=message)
    name = what(registration.sign_up)
    people = [recipient(registration.player)]
    if registration.partner is not None and registration.partner_accepted_at is not None:
        people.append(recipient(registration.partner))
    notice_send(
        kind=Notice.Kind.GENERAL,
        subject=f"Your registration for {name}",
        body=f"Your registration for {name} was not accepted. The organisers wrote:\n\n{message}",
        sms_text=f"Your registration for {name} was not accepted: see your email.",
        recipients=people,
        created_by=by,
        season=registration.sign_up.season,
        source={"registration": registration.pk, "refused": True},
    )
    return registration


def _team_of(sign_up: SignUp, team_id: int | None, name: str) -> tuple[Team, bool]:
    if team_id is not None:
        team = Team.objects.filter(pk=team_id, season_id=sign_up.season_id).first()
        if team is None:
            raise ValidationError("Pick one of this season's teams.")
        if team.status != Team.Status.ACTIVE:
            raise ValidationError(f"{team.name} is {team.get_status_display().lower()}.")
        return team, False
    return team_create(season=sign_up.season, name=name), True


@transaction.atomic
def free_agent_place(
    *, registration: Registration, by: Any, team_id: int | None = None, team_name: str = ""
) -> Registration:
    """Put a free agent on an existing team of the season, or on a new team (which takes a
    place when the sign-up counts places)."""
    registration = lock_registration(registration)
    sign_up = registration.sign_up
    check_staff(by, sign_up)
    if registration.state != State.FREE_AGENT:
        raise ValidationError(f"{registration} isn't a free agent waiting to be placed.")
    if team_id is None and not team_name.strip():
        raise ValidationError("Pick a team, or name a new one.")
    place = None
    if team_id is None:
        place = free_place(sign_up)
        if place is None:
            raise ValidationError(
                f"All {sign_up.places} places are taken: put them on an existing team."
            )
    team, new = _team_of(sign_up, team_id, team_name)
    role = RosterEntry.Role.CAPTAIN if new else RosterEntry.Role.PLAYER
    _roster(team, registration.player, role)
    signed = waivers_sign(registration, {"player": registration.player})
    registration.team = team
    registration.team_name = team.name
    registration.state = State.ACCEPTED
    registration.place = place
    if new and sign_up.fee_per == SignUp.FeePer.TEAM:
        # The new team's fee, at the price of the day they registered.
        registration.fee_due_cents = pricing.fee_due(
            fees_of(sign_up), at=registration.created_at, players=1
        )
    registration.save(
        update_fields=[
            "team",
            "team_name",
            "state",
            "place",
            "fee_due_cents",
            "pay_by",
            "updated_at",
        ]
    )
    detail = f"{'new team' if new else 'team'} {team.name}"
    if signed:
        detail += " · waiver signed"
    log(registration=registration, by=by, verb=Verb.FREE_AGENT_PLACED, detail=detail)
    return registration
