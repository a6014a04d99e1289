"""Starting a season from a CSV of teams and players: all rows or none."""

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models.functions import Lower

from league.seasons.models import Player, RosterEntry, Season, SkillLevel, Team
from league.seasons.roster_csv import ImportRow, parse_roster_csv


@dataclass
class ImportResult:
    errors: list[str] = field(default_factory=list)
    teams_created: int = 0
    players_added: int = 0
    levels_created: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


def _check_against_season(season: Season, rows: list[ImportRow]) -> list[str]:
    """Problems only the database can reveal: levels, and players already on another team."""
    errors: list[str] = []
    teams = {team.name.casefold(): team for team in season.teams.select_related("skill_level")}
    for row in rows:
        team = teams.get(row.team.casefold())
        if (
            team is not None
            and row.skill_level
            and (
                team.skill_level is None
                or team.skill_level.name.casefold() != row.skill_level.casefold()
            )
        ):
            errors.append(
                f"Row {row.line}: {team.name} is already in level "
                f"{team.skill_level or '(none)'}, not {row.skill_level}."
            )
    emails = [row.email for row in rows if row.email]
    taken = dict(
        RosterEntry.objects.annotate(email_lower=Lower("player__email"))
        .filter(season=season, email_lower__in=emails, fixture__isnull=True)
        .exclude(role=RosterEntry.Role.SUB)
        .values_list("email_lower", "team__name")
    )
    for row in rows:
        team_name = taken.get(row.email)
        if team_name is not None and team_name.casefold() != row.team.casefold():
            errors.append(f"Row {row.line}: {row.email} already plays for {team_name}.")
    return errors


@transaction.atomic
def season_import_csv(*, season: Season, text: str) -> ImportResult:
    rows, errors = parse_roster_csv(text)
    errors += _check_against_season(season, rows)
    if errors:
        return ImportResult(errors=errors)
    try:
        with transaction.atomic():
            return _import(season, rows)
    except IntegrityError:  # a roster changed at the same moment (a player, a team, a level)
        return ImportResult(
            errors=[
                "Someone changed this season's teams or rosters while the file was imported: "
                "nothing was imported. Try again."
            ]
        )


def _import(season: Season, rows: list[ImportRow]) -> ImportResult:
    result = ImportResult()
    levels = {level.name.casefold(): level for level in season.skill_levels.all()}
    teams = {team.name.casefold(): team for team in season.teams.all()}
    players = {
        p.email_lower: p
        for p in Player.objects.annotate(email_lower=Lower("email")).filter(
            email_lower__in=[row.email for row in rows if row.email]
        )
    }
    for row in rows:
        level = None
        if row.skill_level:
            level = levels.get(row.skill_level.casefold())
            if level is None:
                level = levels[row.skill_level.casefold()] = SkillLevel.objects.create(
                    season=season, name=row.skill_level, position=len(levels)
                )
                result.levels_created += 1
        team = teams.get(row.team.casefold())
        if team is None:
            team = teams[row.team.casefold()] = Team.objects.create(
                season=season, name=row.team, skill_level=level
            )
            result.teams_created += 1
        player = players.get(row.email) if row.email else None
        if player is None:
            player = Player.objects.create(name=row.player_name, email=row.email, phone=row.phone)
            if row.email:
                players[row.email] = player
        _, created = RosterEntry.objects.update_or_create(
            team=team, player=player, fixture=None, defaults={"role": row.role}
        )
        result.players_added += int(created)
    return result
