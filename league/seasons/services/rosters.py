"""Teams, rosters and subs. Callers check who may act (captain of the team or manager)."""

from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from accounts.models import Invitation
from inputs.bounds import text_clean
from league.seasons.invitations import sub_invitation_send, team_invitation_send
from league.seasons.models import Fixture, Player, RosterEntry, Season, SkillLevel, Team
from league.seasons.versions import season_changed
from wording.words import possessive

PLAYER_NAME_MAX = Player._meta.get_field("name").max_length
PHONE_MAX = Player._meta.get_field("phone").max_length
EMAIL_MAX = Player._meta.get_field("email").max_length
TEAM_NAME_MAX = Team._meta.get_field("name").max_length


def _clean_email(email: str) -> str:
    email = text_clean(email, label="the email address", limit=EMAIL_MAX).lower()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise ValidationError(f"{email} is not an email address.") from None
    return email


def _find_or_create(*, name: str, email: str, phone: str) -> tuple[Player, bool]:
    """(player, created). An email that is already someone's finds them, unchanged.

    The database keeps one player per email (`player_email_unique`): when two requests
    create the same new address at once, the second finds the first's player.
    """
    name = text_clean(
        name, label="the player's name", limit=PLAYER_NAME_MAX, empty="Give the player's full name."
    )
    email = _clean_email(email)
    phone = text_clean(phone, label="the phone number", limit=PHONE_MAX)
    if email:
        player = Player.objects.filter(email__iexact=email).first()
        if player is not None:
            return _live(player), False
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, email=email, phone=phone), True
    except IntegrityError:
        player = Player.objects.filter(email__iexact=email).first() if email else None
        if player is None:
            raise
        return _live(player), False


def _live(player: Player) -> Player:
    """A record merged into another is its person's kept record now (at most a few hops)."""
    seen = {player.pk}
    while player.merged_into_id is not None and player.merged_into_id not in seen:
        seen.add(player.merged_into_id)
        player = Player.objects.get(pk=player.merged_into_id)
    return player


def _stand_in_details(name: str, phone: str, *, empty: str) -> tuple[str, str]:
    """The typed name and phone of a stand-in place, checked like a new player's."""
    name = text_clean(name, label="the player's name", limit=PLAYER_NAME_MAX, empty=empty)
    return name, text_clean(phone, label="the phone number", limit=PHONE_MAX)


def player_find_or_create(*, name: str, email: str = "", phone: str = "") -> Player:
    """The player with this email when there is one (email identifies people), else a new one.

    Someone found by email keeps their own name, phone and waivers: the caller's typed name
    and phone are only for a new player.
    """
    return _find_or_create(name=name, email=email, phone=phone)[0]


def _create_entry(**fields: Any) -> RosterEntry:
    """Insert in a savepoint so a collision with a constraint can be answered, not raised."""
    with transaction.atomic():
        return RosterEntry.objects.create(**fields)


@transaction.atomic
def team_create(*, season: Season, name: str, skill_level: SkillLevel | None = None) -> Team:
    name = text_clean(
        name, label="the team's name", limit=TEAM_NAME_MAX, empty="Give the team a name."
    )
    taken = f"{season.name} already has a team called {name}."
    if season.teams.filter(name__iexact=name).exists():
        raise ValidationError(taken)
    if skill_level is not None and skill_level.season_id != season.pk:
        raise ValidationError("That skill level belongs to another season.")
    try:
        with transaction.atomic():
            team = Team.objects.create(season=season, name=name, skill_level=skill_level)
    except IntegrityError:  # the same team added at the same moment
        raise ValidationError(taken) from None
    season_changed(season, results=True)  # live standings list every team
    return team


def _regular_elsewhere(team: Team, player: Player) -> RosterEntry | None:
    """A player is a regular on one team of a season (subbing elsewhere is fine)."""
    return (
        RosterEntry.objects.filter(player=player, season_id=team.season_id)
        .exclude(team=team)
        .exclude(role=RosterEntry.Role.SUB)
        .select_related("team")
        .first()
    )


@transaction.atomic
def roster_add_player(
    *,
    team: Team,
    name: str,
    email: str = "",
    phone: str = "",
    role: str = RosterEntry.Role.PLAYER,
    by: Any = None,
) -> RosterEntry:
    """Put a player on the team's roster (captain or player).

    An email that already belongs to someone never shows or changes their name, phone or
    waiver: when a person (`by`) adds it, the team gets a stand-in roster place under the
    typed name and the address an invitation (`_invite_owner`); accepting moves the place
    to the person's own record. Without `by` (the system: imports, copies) the person is
    put on the roster as they are. The entry's `invited` is that invitation, or None.

    Two adds at once of one new email make one player (`player_email_unique`); one person
    on two teams of a season at once is refused on the second (`roster_one_team_per_season`).
    """
    if role not in (RosterEntry.Role.CAPTAIN, RosterEntry.Role.PLAYER):
        raise ValidationError("Add a sub for a night from the team's sub form.")
    clean = _clean_email(email)
    if clean and by is not None:
        owner = Player.objects.filter(email__iexact=clean).first()
        if owner is not None:
            return _invite_owner(
                team=team, owner=owner, name=name, email=clean, phone=phone, role=role, by=by
            )
    player, created = _find_or_create(name=name, email=clean, phone=phone)
    if not created and by is not None:  # the address was taken at this very moment
        return _invite_owner(
            team=team, owner=player, name=name, email=clean, phone=phone, role=role, by=by
        )
    who = name.strip() if created else clean
    on_team = f"{who} is already on {team.name}."
    elsewhere = f"{who} already plays for another team in {team.season.name}."
    if RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True).exists():
        raise ValidationError(on_team)
    if _regular_elsewhere(team, player) is not None:
        raise ValidationError(elsewhere)
    try:
        entry = _create_entry(team=team, player=player, role=role)
    except IntegrityError:  # added here, or to another team of the season, at the same moment
        if RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True).exists():
            raise ValidationError(on_team) from None
        raise ValidationError(elsewhere) from None
    entry.invited = None
    return entry


def _invite_owner(
    *, team: Team, owner: Player, name: str, email: str, phone: str, role: str, by: Any
) -> RosterEntry:
    """Invite the owner of `email` to the team without showing them to the inviter.

    The roster gets a stand-in player (the typed name and phone, no email: the address
    stays its owner's); the invitation, sent to the address, is for that place. Accepting
    moves the place to the person's own record (`league.seasons.invitations`), where the
    one-team-a-season rule is checked. Messages name only the typed address.
    """
    name, phone = _stand_in_details(name, phone, empty="Give the player's full name.")
    if RosterEntry.objects.filter(team=team, player=owner, fixture__isnull=True).exists():
        raise ValidationError(f"{email} is already on {team.name}.")
    invited = f"{email} is already invited to {team.name}: resend it from the team's invitations."
    pending = Invitation.objects.filter(
        scope_kind=Invitation.ScopeKind.TEAM,
        scope_id=team.pk,
        email=email,
        state=Invitation.State.PENDING,
    )
    if pending.exists():
        raise ValidationError(invited)
    stand_in = Player.objects.create(name=name, phone=phone)
    entry = _create_entry(team=team, player=stand_in, role=role)
    invitation = team_invitation_send(by=by, team=team, entry_id=entry.pk, contact=email)
    if invitation.player_id != stand_in.pk:  # invited by someone else at the same moment
        raise ValidationError(invited)  # (rolls back the stand-in and its place)
    entry.invited = invitation
    return entry


@transaction.atomic
def roster_remove_entry(*, team: Team, entry_id: int) -> None:
    entry = RosterEntry.objects.filter(team=team, pk=entry_id).first()
    if entry is None:
        raise ValidationError("That player isn't on this team's roster.")
    if (
        entry.role == RosterEntry.Role.CAPTAIN
        and not team.roster.filter(role=RosterEntry.Role.CAPTAIN).exclude(pk=entry.pk).exists()
    ):
        raise ValidationError("A team keeps at least one captain: name another captain first.")
    entry.delete()


@transaction.atomic
def roster_set_role(*, team: Team, entry_id: int, role: str) -> RosterEntry:
    entry = RosterEntry.objects.filter(team=team, pk=entry_id, fixture__isnull=True).first()
    if entry is None:
        raise ValidationError("That player isn't on this team's roster.")
    if role not in (RosterEntry.Role.CAPTAIN, RosterEntry.Role.PLAYER):
        raise ValidationError("Choose captain or player.")
    others = team.roster.filter(role=RosterEntry.Role.CAPTAIN).exclude(pk=entry.pk)
    if entry.role == RosterEntry.Role.CAPTAIN and role != entry.role and not others.exists():
        raise ValidationError("A team keeps at least one captain: name another captain first.")
    entry.role = role
    try:
        with transaction.atomic():
            entry.save(update_fields=["role"])
    except IntegrityError:  # a sub made a regular while they play for another team
        raise ValidationError(
            f"{entry.player.name} already plays for another team in {team.season.name}."
        ) from None
    return entry


def _sub_policy(team: Team, fixture: Fixture) -> bool:
    """Whether the season lets `team` take a sub for `fixture` (refused with why), and
    whether the sub is approved at once (False: a playoff sub waiting for a manager)."""
    season = team.season
    if team.pk not in fixture.team_ids() or fixture.away_id is None:
        raise ValidationError("Pick one of this team's fixtures.")
    if fixture.status not in (Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED):
        raise ValidationError("That fixture is over: subs are for fixtures still to play.")
    playoff = fixture.stage == Fixture.Stage.PLAYOFF
    if playoff and season.playoff_subs == Season.PlayoffSubs.NOT_ALLOWED:
        raise ValidationError("Subs aren't allowed in this season's playoffs.")
    if not playoff and not season.subs_in_regular_season:
        raise ValidationError("Subs aren't allowed in this season.")
    return not (playoff and season.playoff_subs == Season.PlayoffSubs.APPROVAL)


@transaction.atomic
def sub_add_player(*, team: Team, fixture: Fixture, player: Player, by: Any = None) -> RosterEntry:
    """A known player (the sub finder's volunteer) as a sub for one fixture, under the same
    policy as `sub_add`: under "allowed with approval" a playoff sub waits for a manager."""
    return _place_sub(
        team=team,
        fixture=fixture,
        player=player,
        who=player.name,
        approved=_sub_policy(team, fixture),
        by=by,
    )


def _place_sub(
    *, team: Team, fixture: Fixture, player: Player, who: str, approved: bool, by: Any
) -> RosterEntry:
    """The one-fixture sub entry, refused with why when the player is already on the team
    or already subs in that fixture (the constraint decides a double click)."""
    twice = f"{who} is already a sub in that fixture."
    on_team = RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True)
    if on_team.exclude(role=RosterEntry.Role.SUB).exists():
        raise ValidationError(f"{who} is already on {possessive(team.name)} roster.")
    if RosterEntry.objects.filter(player=player, fixture=fixture).exists():
        raise ValidationError(twice)
    try:
        return _create_entry(
            team=team,
            player=player,
            role=RosterEntry.Role.SUB,
            fixture=fixture,
            starts_on=fixture.date,
            ends_on=fixture.date,
            approved=approved,
            added_by=by if getattr(by, "is_authenticated", False) else None,
        )
    except IntegrityError:  # the same sub added at the same moment
        raise ValidationError(twice) from None


@transaction.atomic
def sub_add(
    *, team: Team, fixture: Fixture, name: str, email: str = "", phone: str = "", by: Any = None
) -> RosterEntry:
    """A sub for one fixture of the team, as the season's substitute policy allows.

    Under "allowed with approval" a playoff sub waits for a manager (`sub_decide`).
    The sub still has to sign the waiver before playing (see league.seasons.eligibility).
    """
    approved = _sub_policy(team, fixture)
    clean = _clean_email(email)
    if clean and by is not None and Player.objects.filter(email__iexact=clean).exists():
        return _invite_sub(
            team=team,
            fixture=fixture,
            name=name,
            email=clean,
            phone=phone,
            by=by,
            approved=approved,
        )
    player, created = _find_or_create(name=name, email=email, phone=phone)
    who = name.strip() if created else (email.strip() or name.strip())
    entry = _place_sub(team=team, fixture=fixture, player=player, who=who, approved=approved, by=by)
    entry.invited = None
    return entry


def _invite_sub(
    *, team: Team, fixture: Fixture, name: str, email: str, phone: str, by: Any, approved: bool
) -> RosterEntry:
    """A sub whose address is already someone's: like `_invite_owner`, the night gets a
    stand-in under the typed name and the address an invitation; nothing of the person
    (name, phone, waiver) is shown to the captain until they accept."""
    name, phone = _stand_in_details(name, phone, empty="Give the sub's full name.")
    invited = (
        f"{email} already has an invitation from {team.name} waiting: once they accept it, "
        "add them for this night."
    )
    pending = Invitation.objects.filter(
        scope_kind=Invitation.ScopeKind.TEAM,
        scope_id=team.pk,
        email=email,
        state=Invitation.State.PENDING,
    )
    if pending.exists():
        raise ValidationError(invited)
    stand_in = Player.objects.create(name=name, phone=phone)
    entry = _create_entry(
        team=team,
        player=stand_in,
        role=RosterEntry.Role.SUB,
        fixture=fixture,
        starts_on=fixture.date,
        ends_on=fixture.date,
        approved=approved,
        added_by=by if getattr(by, "is_authenticated", False) else None,
    )
    invitation = sub_invitation_send(by=by, team=team, entry=entry, email=email)
    if invitation.player_id != stand_in.pk:  # invited by someone else at the same moment
        raise ValidationError(invited)  # (rolls back the stand-in and its place)
    entry.invited = invitation
    return entry


@transaction.atomic
def sub_decide(*, entry: RosterEntry, approve: bool) -> None:
    """A manager approves a playoff sub, or refuses one (the entry goes)."""
    if entry.role != RosterEntry.Role.SUB or entry.fixture_id is None:
        raise ValidationError("Only a sub for a fixture waits for approval.")
    if approve:
        entry.approved = True
        entry.save(update_fields=["approved"])
    else:
        entry.delete()
