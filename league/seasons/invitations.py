"""The league's invitations: a team's captain and players get a login by email or text.

A manager invites a team's captain (or every player of the season at once, after an
import); a captain invites the players on their roster. Accepting links the account to
the player record the roster names, then the person chooses their notices and signs the
season's waiver. Invitations themselves (links, single use, sending through the outbox)
are `accounts.invitations`; this module says who may invite to a team and what accepting
does (registered from `LeagueConfig.ready`).
"""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
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
from league.seasons.models import Fixture, Player, RosterEntry, Season, Team, Waiver
from wording.when import day
from wording.words import possessive

KIND_FOR_ROLE = {
    RosterEntry.Role.CAPTAIN: Invitation.Kind.CAPTAIN,
    RosterEntry.Role.PLAYER: Invitation.Kind.PLAYER,
}
TEAM = Invitation.ScopeKind.TEAM
NOT_YOUR_TEAM = "Only the team's captain or a league manager can invite its players."


def team_label(team: Team) -> str:
    """ "Red Aces (Tuesday League, Fall 2026)": what a team invitation offers, in words."""
    return f"{team.name} ({team.season.league.name}, {team.season.name})"


# --- accepting ---


def player_for_account(*, player: Player, user: Any, email: str = "", phone: str = "") -> Player:
    """The record `user` plays under once they accept an invitation made out to `player`.

    Someone who already plays under their own record keeps it, and so does the owner of
    the invitation's `email` (a stand-in place made for them: league.seasons.services.
    rosters); the caller moves the invited place over to it. Otherwise the invited player
    becomes theirs. A record linked to another account is refused. The record keeps the
    invitation's `phone` when it has none (a number typed on the invitations page).
    """
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id == user.pk:
        return player
    if player.user_id is not None:
        raise ValidationError(
            "This invitation was for a player linked to another account: ask for a new one."
        )
    own = Player.objects.filter(user=user).first()
    if own is not None:
        return own
    owner = (
        Player.objects.filter(email__iexact=email, user__isnull=True).exclude(pk=player.pk).first()
        if email
        else None
    )
    if owner is not None:
        player = owner
    try:
        with transaction.atomic():
            linked = Player.objects.filter(pk=player.pk, user__isnull=True).update(user=user)
    except IntegrityError:  # the account was linked to another record at the same moment
        linked = 0
    if not linked:
        raise ValidationError("Your account was just linked to another player: try again.")
    player.user = user
    if not player.email and user.email:  # their sign-up email reaches them from now on
        try:
            with transaction.atomic():
                Player.objects.filter(pk=player.pk, email="").update(email=user.email.lower())
        except IntegrityError:  # another player record has that address
            pass
    if phone and not player.phone:  # the number they were invited by is theirs to keep
        Player.objects.filter(pk=player.pk, phone="").update(phone=phone)
        player.phone = phone
    return player


def _move_place(entry: RosterEntry, player: Player) -> None:
    """The invited roster place (and a paper waiver) passes to the person's own record."""
    team = entry.team
    mine = RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True).first()
    if mine is not None:
        if entry.role == RosterEntry.Role.CAPTAIN and mine.role != entry.role:
            RosterEntry.objects.filter(pk=mine.pk).update(role=entry.role)
        entry.delete()
        return
    try:
        with transaction.atomic():
            RosterEntry.objects.filter(pk=entry.pk).update(player=player)
    except IntegrityError:
        raise ValidationError(
            f"You already play for another team in {team.season.name}: ask the league manager."
        ) from None
    if not Waiver.objects.filter(player=player, season_id=team.season_id).exists():
        Waiver.objects.filter(player_id=entry.player_id, season_id=team.season_id).update(
            player=player
        )


def _apply_team(invitation: Invitation, user: Any) -> str:
    team = Team.objects.select_related("season__league").filter(pk=invitation.scope_id).first()
    if team is None or team.status != Team.Status.ACTIVE:
        raise ValidationError("This team is no longer playing: ask the league manager.")
    invited = Player.objects.filter(pk=invitation.player_id).first()
    entry = (
        RosterEntry.objects.select_related("team__season")
        .filter(team=team, player=invited, fixture__isnull=True)
        .first()
        if invited
        else None
    )
    if entry is None:
        raise ValidationError(
            f"You are no longer on {possessive(team.name)} roster: "
            "ask the captain to add you again."
        )
    player = player_for_account(
        player=invited, user=user, email=invitation.email, phone=invitation.phone
    )
    if player.pk != invited.pk:
        _move_place(entry, player)
    return reverse("league:team_welcome", args=[team.pk])


def _apply_sub(invitation: Invitation, user: Any) -> str:
    """A sub invited by an address that was already someone's: the night's place passes
    from the stand-in to the person's own record (and their own waiver)."""
    team = Team.objects.select_related("season__league").filter(pk=invitation.scope_id).first()
    if team is None or team.status != Team.Status.ACTIVE:
        raise ValidationError("This team is no longer playing: ask the league manager.")
    invited = Player.objects.filter(pk=invitation.player_id).first()
    entry = (
        RosterEntry.objects.select_related("fixture")
        .filter(team=team, player=invited, role=RosterEntry.Role.SUB, fixture__isnull=False)
        .first()
        if invited
        else None
    )
    if entry is None:
        raise ValidationError(f"You are no longer a sub for {team.name}: ask the captain.")
    if entry.fixture.status not in (Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED):
        raise ValidationError("That night is over: ask the captain if they need you again.")
    player = player_for_account(player=invited, user=user, email=invitation.email)
    if player.pk == invited.pk:
        return reverse("league:team_welcome", args=[team.pk])
    there = RosterEntry.objects.filter(player=player, fixture=entry.fixture).exists()
    regular = RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True).exists()
    if there or regular:  # already playing that night: the stand-in place isn't needed
        entry.delete()
    else:
        try:
            with transaction.atomic():
                RosterEntry.objects.filter(pk=entry.pk).update(player=player)
        except IntegrityError:
            raise ValidationError("You are already a sub in that fixture.") from None
    return reverse("league:team_welcome", args=[team.pk])


def _team_of(invitation: Invitation) -> Team | None:
    return Team.objects.select_related("season").filter(pk=invitation.scope_id).first()


def _may_invite_team(user: Any, invitation: Invitation) -> bool:
    team = _team_of(invitation)
    return team is not None and permissions.can_act_for_team(user, team)


def _plays_in_league(user: Any, league_id: int) -> bool:
    return RosterEntry.objects.filter(player__user=user, team__season__league_id=league_id).exists()


def register() -> None:
    """Called from `LeagueConfig.ready`."""
    register_member_check("league", _plays_in_league)  # whom its managers send sign-in links
    for kind in KIND_FOR_ROLE.values():
        register_invitation_handler(kind, may_invite=_may_invite_team, apply=_apply_team)
    register_invitation_handler(Invitation.Kind.SUB, may_invite=_may_invite_team, apply=_apply_sub)


# --- sending ---


def _on_file(player: Player) -> tuple[str, str]:
    """The player's email and a phone that can take a text (an unusable one is skipped)."""
    return player.email, normalise_phone(player.phone)


def _invite(*, by: Any, entry: RosterEntry, email: str, phone: str) -> Invitation:
    team = entry.team
    return invitation_create(
        by=by,
        kind=KIND_FOR_ROLE[entry.role],
        scope_id=team.pk,
        label=team_label(team),
        email=email,
        phone=phone,
        name=entry.player.name,
        player_id=entry.player_id,
        link_after=reverse("league:team_welcome", args=[team.pk]),
        options={"season": team.season},
    )


def sub_label(team: Team, entry: RosterEntry) -> str:
    """ "Red Aces on Tue 8 Dec (Tuesday League, Fall 2026)"."""
    return (
        f"{team.name} on {day(entry.fixture.date)} ({team.season.league.name}, {team.season.name})"
    )


@transaction.atomic
def sub_invitation_send(*, by: Any, team: Team, entry: RosterEntry, email: str) -> Invitation:
    """Invite the owner of `email` to play one night as the sub `entry` (a stand-in place)."""
    permissions.deny_unless(permissions.can_act_for_team(by, team), NOT_YOUR_TEAM)
    return invitation_create(
        by=by,
        kind=Invitation.Kind.SUB,
        scope_id=team.pk,
        label=sub_label(team, entry),
        email=email,
        name=entry.player.name,
        player_id=entry.player_id,
        link_after=reverse("league:team_welcome", args=[team.pk]),
        options={"season": team.season},
    )


@transaction.atomic
def team_invitation_send(*, by: Any, team: Team, entry_id: int, contact: str = "") -> Invitation:
    """Invite one captain or player of the roster: to `contact` (an email or a mobile
    number) when given, else to the email and phone on file."""
    permissions.deny_unless(permissions.can_act_for_team(by, team), NOT_YOUR_TEAM)
    entry = (
        RosterEntry.objects.select_related("player", "team__season__league")
        .filter(team=team, pk=entry_id, fixture__isnull=True)
        .exclude(role=RosterEntry.Role.SUB)
        .first()
    )
    if entry is None:
        raise ValidationError("That player isn't on this team's roster.")
    email, phone = contact_split(contact) if contact.strip() else _on_file(entry.player)
    if not (email or phone):
        raise ValidationError(
            f"There is no email or mobile number for {entry.player.name}: type one to invite them."
        )
    return _invite(by=by, entry=entry, email=email, phone=phone)


def member_sign_in_link_send(
    *, by: Any, team: Team, entry_id: int, channel: str, site_url: str
) -> str:
    """A league manager sends a player of the roster who has an account a fresh sign-in
    link (by email or text); returns the message to show. Accounts checks again that
    `by` manages this league and that the person plays in it."""
    entry = (
        RosterEntry.objects.select_related("player__user")
        .filter(team=team, pk=entry_id, player__user__isnull=False)
        .first()
    )
    if entry is None:
        raise ValidationError("That player has no account yet: invite them instead.")
    sent_to = sign_in_link_send(
        by=by,
        user=entry.player.user,
        scope_kind="league",
        scope_id=team.season.league_id,
        channel=channel,
        site_url=site_url,
    )
    return f"A sign-in link is on its way to {entry.player.name} ({sent_to})."


def _uninvited(entries: list[RosterEntry]) -> list[RosterEntry]:
    """Entries whose player has no account, something to send to, and no invitation waiting
    (nor one withdrawn on purpose) for their team."""
    taken = {
        (inv.scope_id, inv.player_id)
        for inv in Invitation.objects.filter(
            scope_kind=TEAM,
            scope_id__in={e.team_id for e in entries},
            player_id__in={e.player_id for e in entries},
            state__in=[Invitation.State.PENDING, Invitation.State.REVOKED],
        )
        if not is_expired(inv)
    }
    return [
        entry
        for entry in entries
        if entry.player.user_id is None
        and any(_on_file(entry.player))
        and (entry.team_id, entry.player_id) not in taken
    ]


def _send_all(by: Any, entries: list[RosterEntry]) -> int:
    sent = 0
    for entry in _uninvited(entries):
        email, phone = _on_file(entry.player)
        _invite(by=by, entry=entry, email=email, phone=phone)
        sent += 1
    return sent


def _regulars(**filters: Any) -> list[RosterEntry]:
    return list(
        RosterEntry.objects.filter(fixture__isnull=True, team__status=Team.Status.ACTIVE, **filters)
        .exclude(role=RosterEntry.Role.SUB)
        .select_related("player", "team__season__league")
        .order_by("team__name", "player__name")
    )


@transaction.atomic
def season_invitations_send_all(*, by: Any, season: Season) -> int:
    """Invite every captain and player of the season who has no account and no invitation
    yet, at once (one transaction: every invitation and its outbox notice, or none)."""
    permissions.deny_unless(
        permissions.can_manage_season(by, season), "Only this league's managers can do that."
    )
    return _send_all(by, _regulars(team__season=season))


@transaction.atomic
def team_invitations_send_all(*, by: Any, team: Team) -> int:
    """The same for one team's roster (its captain may do it)."""
    permissions.deny_unless(permissions.can_act_for_team(by, team), NOT_YOUR_TEAM)
    return _send_all(by, _regulars(team=team))


# --- reading ---


@dataclass
class InvitationRow:
    """A roster place and where its player is: has an account, invited, or not yet."""

    entry: RosterEntry
    invitation: Invitation | None

    @property
    def status(self) -> str:
        if self.entry.player.user_id is not None:
            return "account"
        if self.invitation is None:
            return "none" if any(_on_file(self.entry.player)) else "no_contact"
        if is_expired(self.invitation):
            return Invitation.State.EXPIRED
        return self.invitation.state

    @property
    def can_invite(self) -> bool:
        return self.status in ("none", "no_contact", "expired", "revoked")


def invitation_rows(season: Season, team: Team | None = None) -> list[InvitationRow]:
    """Every captain and player of the season (or of one team) with their latest
    invitation: two queries."""
    entries = _regulars(team=team) if team is not None else _regulars(team__season=season)
    latest: dict[tuple[int, int], Invitation] = {}
    for invitation in Invitation.objects.filter(
        scope_kind=TEAM,
        scope_id__in={e.team_id for e in entries},
        player_id__in={e.player_id for e in entries},
    ).order_by("created_at", "pk"):
        latest[(invitation.scope_id, invitation.player_id)] = invitation
    return [InvitationRow(e, latest.get((e.team_id, e.player_id))) for e in entries]


def invitation_for_team(team: Team, invitation_id: int) -> Invitation:
    """One of the team's invitations (for resend and withdraw), else a clear message."""
    invitation = Invitation.objects.filter(
        pk=invitation_id, scope_kind=TEAM, scope_id=team.pk
    ).first()
    if invitation is None:
        raise ValidationError("That invitation isn't one of this team's.")
    return invitation
