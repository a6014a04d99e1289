"""Teams, rosters and subs. Callers check who may act (captain of the team or manager)."""

from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from league.seasons.models import Fixture, Player, RosterEntry, Season, SkillLevel, Team


def player_find_or_create(*, name: str, email: str = "", phone: str = "") -> Player:
    """The player with this email when there is one (email identifies people), else a new one."""
    name, email, phone = name.strip(), email.strip().lower(), phone.strip()
    if not name:
        raise ValidationError("Give the player's full name.")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise ValidationError(f"{email} is not an email address.") from None
        player = Player.objects.filter(email__iexact=email).order_by("pk").first()
        if player is not None:
            if phone and not player.phone:
                player.phone = phone
                player.save(update_fields=["phone"])
            return player
    return Player.objects.create(name=name, email=email, phone=phone)


@transaction.atomic
def team_create(*, season: Season, name: str, skill_level: SkillLevel | None = None) -> Team:
    name = name.strip()
    if not name:
        raise ValidationError("Give the team a name.")
    if season.teams.filter(name__iexact=name).exists():
        raise ValidationError(f"{season.name} already has a team called {name}.")
    if skill_level is not None and skill_level.season_id != season.pk:
        raise ValidationError("That skill level belongs to another season.")
    return Team.objects.create(season=season, name=name, skill_level=skill_level)


def _check_not_elsewhere(team: Team, player: Player) -> None:
    """A player is a regular on one team of a season (subbing elsewhere is fine)."""
    other = (
        RosterEntry.objects.filter(player=player, team__season_id=team.season_id)
        .exclude(team=team)
        .exclude(role=RosterEntry.Role.SUB)
        .select_related("team")
        .first()
    )
    if other is not None:
        raise ValidationError(f"{player.name} already plays for {other.team.name} this season.")


@transaction.atomic
def roster_add_player(
    *, team: Team, name: str, email: str = "", phone: str = "", role: str = RosterEntry.Role.PLAYER
) -> RosterEntry:
    if role not in (RosterEntry.Role.CAPTAIN, RosterEntry.Role.PLAYER):
        raise ValidationError("Add a sub for a night from the team's sub form.")
    player = player_find_or_create(name=name, email=email, phone=phone)
    if RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True).exists():
        raise ValidationError(f"{player.name} is already on {team.name}.")
    _check_not_elsewhere(team, player)
    return RosterEntry.objects.create(team=team, player=player, role=role)


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
    entry.save(update_fields=["role"])
    return entry


@transaction.atomic
def sub_add(
    *, team: Team, fixture: Fixture, name: str, email: str = "", phone: str = "", by: Any = None
) -> RosterEntry:
    """A sub for one fixture of the team, as the season's substitute policy allows.

    Under "allowed with approval" a playoff sub waits for a manager (`sub_decide`).
    The sub still has to sign the waiver before playing (see league.seasons.eligibility).
    """
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
    player = player_find_or_create(name=name, email=email, phone=phone)
    on_team = RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True)
    if on_team.exclude(role=RosterEntry.Role.SUB).exists():
        raise ValidationError(f"{player.name} is already on {team.name}'s roster.")
    if RosterEntry.objects.filter(team__in=fixture.team_ids(), player=player, fixture=fixture):
        raise ValidationError(f"{player.name} is already a sub in that fixture.")
    approved = not (playoff and season.playoff_subs == Season.PlayoffSubs.APPROVAL)
    return RosterEntry.objects.create(
        team=team,
        player=player,
        role=RosterEntry.Role.SUB,
        fixture=fixture,
        starts_on=fixture.date,
        ends_on=fixture.date,
        approved=approved,
        added_by=by if getattr(by, "is_authenticated", False) else None,
    )


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
