"""Starting a season from a CSV of teams and players: a preview first, then all rows or none.

`season_import_preview` writes nothing: it parses the text and says, row by row, which
teams, levels and players are new and which are found (teams and levels by name, players
by email; a row without an email finds its player by name, as `wording.names` compares
names: first on the row's team, then among the league's players of other seasons when
exactly one has the name and plays for no other team this season), so importing the same
file again changes nothing. `season_import_csv` writes, but only when the plan it works out
again matches the preview the manager confirmed (its `digest`); if the season changed in
between, it writes nothing and hands back the new preview.
"""

import hashlib
import json
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models.functions import Lower

from league.seasons.models import Player, RosterEntry, Season, SkillLevel, Team
from league.seasons.roster_csv import ImportRow, parse_roster_csv
from league.seasons.services.teams import check_manager
from league.seasons.versions import season_changed
from wording.names import name_key

ONLY_MANAGERS = "Only this league's managers can import its teams and players."
CHANGED = (
    "The season's teams or rosters changed since the preview, so nothing was imported. "
    "Check what the file would do now and confirm again."
)


@dataclass(frozen=True)
class PlannedRow:
    """One row of the file and what importing it does; ids name what was found."""

    line: int
    team: str
    team_id: int | None  # None: a new team
    level: str  # "" when the team has no level
    level_id: int | None  # None with a name: a new level
    player: str  # the name the roster will show (a found player keeps theirs)
    name_in_file: str
    email: str
    phone: str
    player_id: int | None  # None: a new player
    matched_by: str  # how a found player was found: "email" or "name"; "" for a new one
    role: str
    role_now: str  # the player's role on this team today; "" for a new roster place

    @property
    def adds_email(self) -> bool:
        """A player found by name, who has no email yet, gets the file's."""
        return self.matched_by == "name" and bool(self.email)

    @property
    def roster_change(self) -> str:
        if not self.role_now:
            return "new"
        return "same" if self.role_now == self.role else "role"


@dataclass
class ImportPreview:
    errors: list[str] = field(default_factory=list)
    rows: list[PlannedRow] = field(default_factory=list)
    blank_lines: list[int] = field(default_factory=list)

    @property
    def digest(self) -> str:
        """What the preview shows, in a few characters: the confirm step must match it."""
        plan = [asdict(row) for row in self.rows]
        encoded = json.dumps([plan, self.blank_lines], sort_keys=True, ensure_ascii=True)
        return hashlib.sha256(encoded.encode()).hexdigest()

    def teams(self) -> list[dict[str, Any]]:
        """The rows by team, in the file's order, for the preview page."""
        grouped: dict[str, dict[str, Any]] = {}
        for row in self.rows:
            team = grouped.setdefault(
                row.team.casefold(),
                {"name": row.team, "new": row.team_id is None, "level": row.level, "rows": []},
            )
            team["level_new"] = bool(row.level) and row.level_id is None
            team["rows"].append(row)
        return list(grouped.values())

    def counts(self) -> dict[str, int]:
        return {
            "rows": len(self.rows),
            "new_teams": len({r.team.casefold() for r in self.rows if r.team_id is None}),
            "found_teams": len({r.team_id for r in self.rows if r.team_id is not None}),
            "new_levels": len({r.level.casefold() for r in self.rows if _new_level(r)}),
            "new_players": sum(1 for r in self.rows if r.player_id is None),
            "found_players": sum(1 for r in self.rows if r.player_id is not None),
            "found_by_email": sum(1 for r in self.rows if r.matched_by == "email"),
            "found_by_name": sum(1 for r in self.rows if r.matched_by == "name"),
            "emails_added": sum(1 for r in self.rows if r.adds_email),
            "new_places": sum(1 for r in self.rows if r.roster_change == "new"),
            "role_changes": sum(1 for r in self.rows if r.roster_change == "role"),
            "unchanged": sum(1 for r in self.rows if r.roster_change == "same"),
        }


@dataclass
class ImportResult:
    errors: list[str] = field(default_factory=list)
    teams_created: int = 0
    players_added: int = 0  # new roster places
    levels_created: int = 0
    roles_changed: int = 0
    found_by_name: int = 0  # rows whose player was found by name
    emails_added: int = 0  # players found by name who got the file's email
    unchanged: int = 0  # rows already on their team in their role
    preview: ImportPreview | None = None  # the new plan, when the season changed

    @property
    def ok(self) -> bool:
        return not self.errors


def _new_level(row: PlannedRow) -> bool:
    return bool(row.level) and row.level_id is None


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


def season_import_preview(*, season: Season, text: str, by: Any) -> ImportPreview:
    """What importing `text` would do, row by row; writes nothing."""
    check_manager(by, season, ONLY_MANAGERS)
    parsed = parse_roster_csv(text)
    errors = parsed.errors + _check_against_season(season, parsed.rows)
    if errors:
        return ImportPreview(errors=errors, blank_lines=parsed.blank_lines)
    return ImportPreview(rows=_plan(season, parsed.rows), blank_lines=parsed.blank_lines)


def _plan(season: Season, rows: list[ImportRow]) -> list[PlannedRow]:
    levels = {level.name.casefold(): level for level in season.skill_levels.all()}
    teams = {team.name.casefold(): team for team in season.teams.select_related("skill_level")}
    by_email = {
        p.email_lower: p
        for p in Player.objects.annotate(email_lower=Lower("email")).filter(
            email_lower__in=[row.email for row in rows if row.email]
        )
    }
    by_name = _found_by_name(season, rows, teams, by_email)
    found = [*by_email.values(), *by_name.values()]
    roles = {
        (team_id, player_id): role
        for team_id, player_id, role in RosterEntry.objects.filter(
            season=season, player__in=found, fixture__isnull=True
        ).values_list("team_id", "player_id", "role")
    }
    planned = []
    for row in rows:
        team = teams.get(row.team.casefold())
        if team is not None:  # a found team keeps its name and level
            level_name = team.skill_level.name if team.skill_level else ""
            level_id = team.skill_level_id
        else:
            level = levels.get(row.skill_level.casefold())
            level_name = level.name if level else row.skill_level
            level_id = level.pk if level else None
        player = by_email.get(row.email) or by_name.get(row.line)
        planned.append(
            PlannedRow(
                line=row.line,
                team=team.name if team else row.team,
                team_id=team.pk if team else None,
                level=level_name,
                level_id=level_id,
                player=player.name if player else row.player_name,
                name_in_file=row.player_name,
                email=row.email,
                phone=row.phone,
                player_id=player.pk if player else None,
                matched_by=("email" if row.email in by_email else "name") if player else "",
                role=row.role,
                role_now=roles.get((team.pk, player.pk), "") if team and player else "",
            )
        )
    return planned


def _found_by_name(
    season: Season, rows: list[ImportRow], teams: dict[str, Team], by_email: dict[str, Player]
) -> dict[int, Player]:
    """The player each row without an email is (by its line), found by name.

    First among the row's team's players this season (two rows of one name find two
    players, in the order they were added), else the league's one player of that name
    (from any season) who plays for no team this season. A row whose email finds no one
    may still be its team's player of that name who has no email yet (the file's email is
    then added). Players found by email are not found again. At most three queries, and
    none when every row's email finds its player.
    """
    nameless = [row for row in rows if row.email not in by_email]
    if not nameless:
        return {}
    team_ids = {teams[r.team.casefold()].pk for r in nameless if r.team.casefold() in teams}
    on_team: dict[tuple[int, str], list[Player]] = defaultdict(list)
    entries = (
        RosterEntry.objects.filter(team_id__in=team_ids, fixture__isnull=True)
        .select_related("player")
        .order_by("pk")
    )
    for entry in entries:
        on_team[(entry.team_id, name_key(entry.player.name))].append(entry.player)
    in_league: dict[str, set[int]] = defaultdict(set)
    busy: set[int] = set()  # on a team this season
    league_rows = (
        RosterEntry.objects.filter(season__league_id=season.league_id)
        .order_by()
        .values_list("player_id", "player__name", "season_id", "fixture_id")
        .distinct()
    )
    for player_id, name, season_id, fixture_id in league_rows:
        in_league[name_key(name)].add(player_id)
        if season_id == season.pk and fixture_id is None:
            busy.add(player_id)
    known = {p.pk: p for players in on_team.values() for p in players}
    chosen: dict[int, int] = {}  # line -> player id
    used = {player.pk for player in by_email.values()}
    for row in nameless:
        key, team = name_key(row.player_name), teams.get(row.team.casefold())
        candidates = on_team.get((team.pk, key), []) if team is not None else []
        if row.email:  # someone else's address is someone else
            candidates = [p for p in candidates if not p.email]
        player_id = next((p.pk for p in candidates if p.pk not in used), None)
        ids = in_league.get(key, set()) if not row.email else set()
        if player_id is None and len(ids) == 1 and not ids & (busy | used):
            (player_id,) = ids
        if player_id is not None:
            used.add(player_id)
            chosen[row.line] = player_id
    known |= Player.objects.in_bulk([pk for pk in chosen.values() if pk not in known])
    return {line: known[pk] for line, pk in chosen.items()}


@transaction.atomic
def season_import_csv(*, season: Season, text: str, by: Any, digest: str) -> ImportResult:
    """Write what the confirmed preview showed, or nothing: `digest` is that preview's."""
    check_manager(by, season, ONLY_MANAGERS)
    Season.objects.select_for_update().filter(pk=season.pk).first()  # one import at a time
    preview = season_import_preview(season=season, text=text, by=by)
    if preview.errors:
        return ImportResult(errors=preview.errors)
    if preview.digest != digest:
        return ImportResult(errors=[CHANGED], preview=preview)
    try:
        with transaction.atomic():
            return _write(season, preview.rows)
    except IntegrityError:  # a roster changed at the same moment (a player, a team, a level)
        return ImportResult(errors=[CHANGED])


def _write(season: Season, rows: list[PlannedRow]) -> ImportResult:
    result = ImportResult(
        found_by_name=sum(1 for row in rows if row.matched_by == "name"),
        unchanged=sum(1 for row in rows if row.roster_change == "same"),
    )
    levels = {level.pk: level for level in season.skill_levels.all()}
    new_levels: dict[str, SkillLevel] = {}
    teams = {team.pk: team for team in season.teams.all()}
    new_teams: dict[str, Team] = {}
    players = Player.objects.in_bulk([row.player_id for row in rows if row.player_id])
    for row in rows:
        if row.team_id is not None:
            team = teams[row.team_id]
        elif row.team.casefold() in new_teams:
            team = new_teams[row.team.casefold()]
        else:
            level = levels.get(row.level_id) if row.level_id else None
            if _new_level(row):
                level = new_levels.get(row.level.casefold())
                if level is None:
                    level = new_levels[row.level.casefold()] = SkillLevel.objects.create(
                        season=season, name=row.level, position=len(levels) + len(new_levels)
                    )
                    result.levels_created += 1
            team = new_teams[row.team.casefold()] = Team.objects.create(
                season=season, name=row.team, skill_level=level
            )
            result.teams_created += 1
        if row.player_id is not None:
            player = players[row.player_id]
            if row.adds_email:
                player.email = row.email
                player.phone = player.phone or row.phone
                player.save(update_fields=["email", "phone"])
                result.emails_added += 1
        else:
            player = Player.objects.create(name=row.player, email=row.email, phone=row.phone)
        if row.roster_change == "new":
            RosterEntry.objects.create(team=team, player=player, role=row.role)
            result.players_added += 1
        elif row.roster_change == "role":
            RosterEntry.objects.filter(team=team, player=player, fixture__isnull=True).update(
                role=row.role
            )
            result.roles_changed += 1
    if result.unchanged < len(rows) or result.emails_added:  # the standings show new teams
        season_changed(season, results=True)
    return result
