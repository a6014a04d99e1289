"""A manager's changes to a team already added: its name and its skill level.

Withdrawing a team changes its fixtures, which league nights own: see
`league.nights.services.withdrawals.team_withdraw`.
"""

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q

from accounts import permissions
from accounts.invitations import contact_split, contacts_clean
from accounts.models import Invitation
from activity.models import Verb
from inputs.bounds import text_clean
from league.seasons.activity import league_activity, plural
from league.seasons.invitations import team_invitation_send
from league.seasons.models import Fixture, RosterEntry, SkillLevel, Team
from league.seasons.services.rosters import roster_add_player, team_create
from league.seasons.versions import season_changed

NAME_MAX = Team._meta.get_field("name").max_length
ONLY_MANAGERS = "Only this league's managers can change its teams."


def clean_name(text: str, *, what: str, limit: int) -> str:
    """A name as a person typed it: spaces collapsed, not empty, not too long, no controls."""
    return text_clean(
        text,
        label=f"the {what}'s name",
        limit=limit,
        empty=f"Give the {what} a name.",
        collapse=True,
    )


def check_manager(by: Any, season: Any, message: str = ONLY_MANAGERS) -> None:
    if by is None or not permissions.can_manage_season(by, season):
        raise PermissionDenied(message)


def _locked(team: Team) -> Team:
    return Team.objects.select_for_update(of=("self",)).select_related("season").get(pk=team.pk)


def name_taken(team: Team, name: str) -> bool:
    """Another team of the season has this name, whatever its case."""
    others = Team.objects.filter(season_id=team.season_id, name__iexact=name)
    return others.exclude(pk=team.pk).exists()


@transaction.atomic
def team_rename(*, team: Team, name: str, by: Any) -> Team:
    """A new name for the team: unique in its season (case aside); fixtures follow by link."""
    check_manager(by, team.season)
    name = clean_name(name, what="team", limit=NAME_MAX)
    team = _locked(team)
    old = team.name
    if name == old:
        raise ValidationError(f"The team is already called {name}.")
    if name_taken(team, name):
        raise ValidationError(f"{team.season.name} already has a team called {name}.")
    team.name = name
    try:
        with transaction.atomic():
            team.save(update_fields=["name"])
    except IntegrityError:  # the same name taken at the same moment
        raise ValidationError(f"{team.season.name} already has a team called {name}.") from None
    season_changed(team.season_id, schedule=True, results=True)  # calendars, standings
    league_activity(
        season=team.season,
        actor=by,
        verb=Verb.TEAM_RENAMED,
        target=team,
        label=f"{team.season.name} · {name}",
        detail=f"{old} → {name}",
    )
    return team


@dataclass(frozen=True)
class LevelChange:
    team: Team
    # Draft fixtures that still pair the team with its old level: regenerate the draft.
    draft_fixtures: int

    @property
    def regenerate(self) -> bool:
        return self.draft_fixtures > 0


def fixture_count(team: Team) -> int:
    """The team's fixtures (byes included), whatever their state."""
    return Fixture.objects.filter(Q(home=team) | Q(away=team)).count()


def level_locked(team: Team) -> bool:
    """Whether the published schedule keeps the team in its level (it has fixtures there)."""
    return team.season.is_published and fixture_count(team) > 0


@transaction.atomic
def team_change_level(*, team: Team, level: SkillLevel | None, by: Any) -> LevelChange:
    """Move the team to another skill level of its season.

    Levels play their own round robin and keep their own standings, so once the schedule
    is published a team with fixtures stays where it is: its fixtures and results are
    against its level. In a draft the move is allowed; the draft still pairs the team
    with its old level until the manager regenerates it (`LevelChange.regenerate`).
    """
    check_manager(by, team.season)
    team = _locked(team)
    season = team.season
    if level is not None and level.season_id != season.pk:
        raise ValidationError("That skill level belongs to another season.")
    if level is None and season.skill_levels.exists():
        raise ValidationError("Choose one of the season's skill levels.")
    if team.skill_level_id == (level.pk if level else None):
        raise ValidationError(f"{team.name} is already in {level or 'no level'}.")
    if team.status != Team.Status.ACTIVE:
        raise ValidationError(f"{team.name} has left the league: its level stays as it was.")
    published = fixture_count(team) if season.is_published else 0
    if published:
        raise ValidationError(
            f"The schedule is published and {team.name} has "
            f"{plural(published, 'fixture')} against {team.skill_level or 'its level'} teams: "
            "its level stays for this season. To play it in another level, withdraw it and "
            "add it again as a new team of that level, then place its fixtures by hand."
        )
    old = team.skill_level
    team.skill_level = level
    team.save(update_fields=["skill_level"])
    season_changed(season, schedule=True, results=True)
    draft = fixture_count(team)
    league_activity(
        season=season,
        actor=by,
        verb=Verb.TEAM_LEVEL_CHANGED,
        target=team,
        label=f"{season.name} · {team.name}",
        detail=f"{old or 'no level'} → {level or 'no level'}",
    )
    return LevelChange(team=team, draft_fixtures=draft)


@dataclass
class TeamAdded:
    team: Team
    invitation: Invitation | None  # the captain's, when a contact was given


@transaction.atomic
def team_add(
    *,
    season: Any,
    name: str,
    by: Any,
    skill_level: SkillLevel | None = None,
    captain_name: str = "",
    captain_contact: str = "",
) -> TeamAdded:
    """A manager adds a team and, in the same step, invites its captain by email or text.

    The captain goes on the roster under the typed name; an address that is already
    someone's gets the invitation without showing them (`roster_add_player`).
    """
    check_manager(by, season)
    captain_name, captain_contact = captain_name.strip(), captain_contact.strip()
    if captain_contact and not captain_name:
        raise ValidationError({"captain_name": "Give the captain's full name to invite them."})
    email, phone = "", ""
    if captain_contact:
        email, phone = contacts_clean(*contact_split(captain_contact))
    team = team_create(season=season, name=name, skill_level=skill_level)
    if not captain_name:
        return TeamAdded(team, None)
    entry = roster_add_player(
        team=team,
        name=captain_name,
        email=email,
        phone=phone,
        role=RosterEntry.Role.CAPTAIN,
        by=by,
    )
    invitation = entry.invited
    if invitation is None and (email or phone):
        invitation = team_invitation_send(by=by, team=team, entry_id=entry.pk)
    return TeamAdded(team, invitation)
