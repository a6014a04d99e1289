"""A director invites the players of an event: each gets a link by email or text to make
their login (or sign in), linked to the player record their entry names.

A new player can be invited by name and address: they are registered (progressive
events, before the start) and invited in one go. Accepting links the account; if the
person already plays under their own record, the entry passes to it. Who may invite:
the event's directors (and site administrators), asked here again for every write.
"""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse

from accounts import permissions
from accounts.invitations import (
    contact_split,
    invitation_create,
    is_expired,
    register_invitation_handler,
)
from accounts.models import Invitation
from accounts.phones import normalise_phone
from accounts.sign_in_links import register_member_check, sign_in_link_send
from league.seasons.invitations import player_for_account
from league.seasons.models import Player
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament
from tournaments.services.entries import entry_register
from wording.when import day

ENTRANT = Invitation.Kind.ENTRANT
NOT_YOURS = "Only this tournament's director can invite its players."


def tournament_label(tournament: Tournament) -> str:
    return f"{tournament.name} ({day(tournament.date)})"


# --- accepting ---


def _apply_entrant(invitation: Invitation, user: Any) -> str:
    tournament = Tournament.objects.filter(pk=invitation.scope_id).first()
    if tournament is None:
        raise ValidationError("This tournament no longer exists.")
    invited = Player.objects.filter(pk=invitation.player_id).first()
    entry = (
        Entry.objects.filter(tournament=tournament)
        .filter(Q(player=invited) | Q(partner=invited))
        .first()
        if invited
        else None
    )
    if entry is None:
        raise ValidationError(f"You are no longer entered in {tournament.name}: ask the director.")
    player = player_for_account(
        player=invited, user=user, email=invitation.email, phone=invitation.phone
    )
    if player.pk != invited.pk:
        _move_entry(tournament, entry, invited, player)
    return reverse("tournaments:detail", args=[tournament.slug])


def _move_entry(tournament: Tournament, entry: Entry, invited: Player, player: Player) -> None:
    """The person already plays under their own record: the entry passes to it."""
    clash = Entry.objects.filter(tournament=tournament).filter(Q(player=player) | Q(partner=player))
    if clash.exists():
        return  # entered already under their own record
    field = "player" if entry.player_id == invited.pk else "partner"
    try:
        with transaction.atomic():
            Entry.objects.filter(pk=entry.pk).update(**{field: player})
    except IntegrityError:
        raise ValidationError(f"You are already entered in {tournament.name}.") from None


def _may_invite_entrant(user: Any, invitation: Invitation) -> bool:
    tournament = Tournament.objects.filter(pk=invitation.scope_id).first()
    return tournament is not None and permissions.can_run_tournament(user, tournament)


def _entered(user: Any, tournament_id: int) -> bool:
    return Entry.objects.filter(
        Q(player__user=user) | Q(partner__user=user), tournament_id=tournament_id
    ).exists()


def register() -> None:
    """Called from `TournamentsConfig.ready`."""
    register_invitation_handler(ENTRANT, may_invite=_may_invite_entrant, apply=_apply_entrant)
    register_member_check("tournament", _entered)  # whom its directors send sign-in links


# --- sending ---


def _invite(*, by: Any, tournament: Tournament, player: Player, email: str, phone: str):  # type: ignore[no-untyped-def]
    return invitation_create(
        by=by,
        kind=ENTRANT,
        scope_id=tournament.pk,
        label=tournament_label(tournament),
        email=email,
        phone=phone,
        name=player.name,
        player_id=player.pk,
        link_after=reverse("tournaments:detail", args=[tournament.slug]),
    )


def _entered_players(tournament: Tournament) -> list[Player]:
    entries = Entry.objects.filter(tournament=tournament).select_related("player", "partner")
    players: list[Player] = []
    for entry in entries.order_by("number"):
        players.append(entry.player)
        if entry.partner_id:
            players.append(entry.partner)
    return players


@transaction.atomic
def entrant_invitation_send(
    *, by: Any, tournament: Tournament, player_id: int, contact: str = ""
) -> Invitation:
    """Invite one entered player: to `contact` (email or mobile) when given, else to the
    email and phone on file."""
    permissions.deny_unless(permissions.can_run_tournament(by, tournament), NOT_YOURS)
    player = next((p for p in _entered_players(tournament) if p.pk == player_id), None)
    if player is None:
        raise ValidationError("That player isn't entered in this tournament.")
    email, phone = contact_split(contact) if contact.strip() else _on_file(player)
    if not (email or phone):
        raise ValidationError(
            f"There is no email or mobile number for {player.name}: type one to invite them."
        )
    return _invite(by=by, tournament=tournament, player=player, email=email, phone=phone)


@transaction.atomic
def entrant_invite_new(*, by: Any, tournament: Tournament, name: str, contact: str) -> Invitation:
    """Register a player by name (progressive events, before the start) and invite them."""
    permissions.deny_unless(permissions.can_run_tournament(by, tournament), NOT_YOURS)
    if tournament.team_event:
        raise ValidationError(
            "Partners events enter teams: register the team, then invite each player."
        )
    email, phone = contact_split(contact)
    if not (email or phone):
        raise ValidationError("Give an email address or a mobile number to invite them.")
    try:
        entry = entry_register(tournament=tournament, player_name=name)
    except TournamentError as exc:
        raise ValidationError(str(exc)) from None
    return _invite(by=by, tournament=tournament, player=entry.player, email=email, phone=phone)


def _on_file(player: Player) -> tuple[str, str]:
    return player.email, normalise_phone(player.phone)


@transaction.atomic
def tournament_invitations_send_all(*, by: Any, tournament: Tournament) -> int:
    """Invite every entered player with an email or phone, no account and no invitation
    waiting, at once (one transaction)."""
    permissions.deny_unless(permissions.can_run_tournament(by, tournament), NOT_YOURS)
    rows = entrant_rows(tournament)
    sent = 0
    for row in rows:
        if row.status in ("none", Invitation.State.EXPIRED) and any(_on_file(row.player)):
            email, phone = _on_file(row.player)
            _invite(by=by, tournament=tournament, player=row.player, email=email, phone=phone)
            sent += 1
    return sent


# --- reading ---


@dataclass
class EntrantRow:
    player: Player
    invitation: Invitation | None

    @property
    def status(self) -> str:
        if self.player.user_id is not None:
            return "account"
        if self.invitation is None:
            return "none" if any(_on_file(self.player)) else "no_contact"
        if is_expired(self.invitation):
            return Invitation.State.EXPIRED
        return self.invitation.state

    @property
    def can_invite(self) -> bool:
        return self.status in ("none", "no_contact", "expired", "revoked")


def entrant_rows(tournament: Tournament) -> list[EntrantRow]:
    """Every entered player with their latest invitation: two queries."""
    players = _entered_players(tournament)
    latest: dict[int | None, Invitation] = {}
    for invitation in Invitation.objects.filter(
        kind=ENTRANT, scope_id=tournament.pk, player_id__in=[p.pk for p in players]
    ).order_by("created_at", "pk"):
        latest[invitation.player_id] = invitation
    return [EntrantRow(p, latest.get(p.pk)) for p in players]


def invitation_for_tournament(tournament: Tournament, invitation_id: int) -> Invitation:
    invitation = Invitation.objects.filter(
        pk=invitation_id, kind=ENTRANT, scope_id=tournament.pk
    ).first()
    if invitation is None:
        raise ValidationError("That invitation isn't one of this tournament's.")
    return invitation


def entrant_sign_in_link_send(
    *, by: Any, tournament: Tournament, player_id: int, channel: str, site_url: str
) -> str:
    """A director sends an entered player who has an account a fresh sign-in link; the
    message to show. Accounts checks again that `by` directs this event and that the
    person is entered in it."""
    player = next(
        (p for p in _entered_players(tournament) if p.pk == player_id and p.user_id), None
    )
    if player is None:
        raise ValidationError("That player has no account yet: invite them instead.")
    sent_to = sign_in_link_send(
        by=by,
        user=player.user,
        scope_kind="tournament",
        scope_id=tournament.pk,
        channel=channel,
        site_url=site_url,
    )
    return f"A sign-in link is on its way to {player.name} ({sent_to})."
