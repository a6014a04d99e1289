"""Leagues, seasons and their settings; copying a season forward."""

import datetime
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from accounts import permissions
from accounts.models import RoleName, Scope
from accounts.services import role_grant
from inputs.bounds import date_check, text_clean
from league.seasons.models import (
    League,
    RosterEntry,
    Season,
    SeasonDate,
    SkillLevel,
    Table,
    Team,
    Venue,
)
from league.seasons.versions import season_changed
from wording.when import day

NAME_MAX = League._meta.get_field("name").max_length  # a season's name too
LEVEL_MAX = SkillLevel._meta.get_field("name").max_length
VENUE_MAX = Venue._meta.get_field("name").max_length
ADDRESS_MAX = Venue._meta.get_field("address").max_length
NOTE_MAX = SeasonDate._meta.get_field("note").max_length
DESCRIPTION_MAX = 2000
WAIVER_MAX = 10_000

# Paths under /leagues/ that a league slug must not shadow.
RESERVED_SLUGS = {"new", "fixtures", "teams"}
# Paths under /leagues/<league>/ that a season slug must not shadow.
RESERVED_SEASON_SLUGS = {"activity"}


def _unique_slug(base: str, taken: set[str]) -> str:
    slug = slugify(base)[:45] or "item"
    candidate, n = slug, 2
    while candidate in taken:
        candidate, n = f"{slug}-{n}", n + 1
    return candidate


# Attempts at a free slug when others take ours at the same moment.
SLUG_ATTEMPTS = 5


def _insert_with_slug(
    instance: Any, *, taken: Callable[[], set[str]], refuse_if: Callable[[], str | None]
) -> Any:
    """Save a new league or season under the first free slug, inside a savepoint.

    A collision (the slug, or the name, taken by someone at the same moment) answers with
    `refuse_if`'s message when the name is now taken, else tries the next free slug.
    """
    for _ in range(SLUG_ATTEMPTS):
        instance.slug = _unique_slug(instance.name, taken())
        try:
            with transaction.atomic():
                instance.save(force_insert=True)
            return instance
        except IntegrityError:
            message = refuse_if()
            if message:
                raise ValidationError(message) from None
    raise ValidationError("Someone else is saving the same thing right now: try again.")


@transaction.atomic
def league_create(*, name: str, description: str = "", by: Any = None) -> League:
    """A new league; whoever creates it (an organiser) becomes its first manager.

    The name is unique whatever its case (`league_name_unique`): four "create" posts at
    once make one league, and the others are told it exists.
    """
    if by is not None and not permissions.can_create_league(by):
        raise PermissionDenied("Only organisers let in by the site administrators create leagues.")
    name = text_clean(
        name, label="the league's name", limit=NAME_MAX, empty="Give the league a name."
    )
    description = text_clean(
        description, label="the description", limit=DESCRIPTION_MAX, lines=True
    )

    def refuse_if() -> str | None:
        if League.objects.filter(name__iexact=name).exists():
            return f"There is already a league called {name}."
        return None

    if message := refuse_if():
        raise ValidationError(message)
    league = _insert_with_slug(
        League(name=name, description=description),
        taken=lambda: set(League.objects.values_list("slug", flat=True)) | RESERVED_SLUGS,
        refuse_if=refuse_if,
    )
    if by is not None:
        role_grant(
            user=by,
            role=RoleName.MANAGER,
            scope_kind=Scope.LEAGUE,
            scope_id=league.pk,
            by=by,
            first_staff=True,
        )
    return league


@transaction.atomic
def season_create(
    *,
    league: League,
    name: str,
    starts_on: datetime.date,
    weeks: int = 10,
    start_time: datetime.time | None = None,
    skill_levels: list[str] | None = None,
    copy_from: Season | None = None,
    **settings: Any,
) -> Season:
    """A new draft season; `copy_from` brings over venues, levels, teams and rosters."""
    name = text_clean(
        name, label="the season's name", limit=NAME_MAX, empty="Give the season a name."
    )
    date_check(starts_on, field="starts_on")
    levels = [
        text_clean(level, label="a skill level's name", limit=LEVEL_MAX)
        for level in skill_levels or []
    ]

    def refuse_if() -> str | None:
        if league.seasons.filter(name__iexact=name).exists():
            return f"{league.name} already has a season called {name}."
        return None

    if message := refuse_if():
        raise ValidationError(message)
    season = Season(
        league=league,
        name=name,
        starts_on=starts_on,
        league_night=starts_on.weekday(),
        weeks=weeks,
        **settings,
    )
    if start_time is not None:
        season.start_time = start_time
    if copy_from is not None:
        for field in _POLICY_FIELDS:
            if field not in settings:
                setattr(season, field, getattr(copy_from, field))
        if start_time is None:
            season.start_time = copy_from.start_time
    # The name's uniqueness is `refuse_if`'s (checked again on a collision while inserting);
    # the forfeit-minutes constraint is checked by `Season.clean`.
    season.full_clean(exclude=["slug"], validate_constraints=False)
    _insert_with_slug(
        season,
        taken=lambda: set(league.seasons.values_list("slug", flat=True)) | RESERVED_SEASON_SLUGS,
        refuse_if=refuse_if,
    )
    seen: set[str] = set()
    for position, level in enumerate(levels):
        if level and level.casefold() not in seen:
            seen.add(level.casefold())
            SkillLevel.objects.create(season=season, name=level, position=position)
    if copy_from is not None:
        season_copy_from(source=copy_from, target=season)
    return season


# Settings a new season inherits from the one it is copied from.
_POLICY_FIELDS = [
    "rule_set",
    "games_per_fixture",
    "min_roster",
    "playoff_teams_per_bracket",
    "playoff_grouping",
    "playoff_best_of",
    "playoff_weeks",
    "forfeit_game1_minutes",
    "forfeit_game2_minutes",
    "forfeit_all_minutes",
    "forfeit_winner_score",
    "forfeit_loser_score",
    "forfeit_offenses_playoff_review",
    "forfeit_offenses_removal",
    "subs_in_regular_season",
    "playoff_subs",
    "waiver_text",
    "waiver_version",
    "standings_order",
]


@transaction.atomic
def season_copy_from(*, source: Season, target: Season) -> dict[str, int]:
    """Copy venues, skill levels, active teams and their regular rosters (not subs)."""
    if source.pk == target.pk:
        raise ValidationError("A season can't be copied into itself.")
    if source.league_id != target.league_id:
        raise ValidationError("Copy from a season of the same league.")
    target.venues.add(*source.venues.all())
    levels: dict[int, SkillLevel] = {}
    for level in source.skill_levels.all():
        levels[level.pk], _ = SkillLevel.objects.get_or_create(
            season=target,
            name__iexact=level.name,
            defaults={"name": level.name, "position": level.position},
        )
    existing = {name.casefold() for name in target.teams.values_list("name", flat=True)}
    # A player already a regular in the target season stays on the team they are on.
    placed = set(
        RosterEntry.objects.filter(season=target)
        .exclude(role=RosterEntry.Role.SUB)
        .values_list("player_id", flat=True)
    )
    teams = source.teams.filter(status=Team.Status.ACTIVE).prefetch_related("roster")
    copied_teams = copied_players = 0
    for team in teams:
        if team.name.casefold() in existing:
            continue
        new_team = Team.objects.create(
            season=target,
            name=team.name,
            skill_level=levels.get(team.skill_level_id),
            copied_from=team,
        )
        copied_teams += 1
        entries = [
            RosterEntry(team=new_team, season=target, player_id=entry.player_id, role=entry.role)
            for entry in team.roster.all()
            if entry.role != RosterEntry.Role.SUB and entry.player_id not in placed
        ]
        placed.update(entry.player_id for entry in entries)
        RosterEntry.objects.bulk_create(entries)
        copied_players += len(entries)
    season_changed(target, results=True)  # its levels and teams show in the standings
    return {"teams": copied_teams, "players": copied_players, "levels": len(levels)}


@transaction.atomic
def season_update(*, season: Season, changes: dict[str, Any]) -> Season:
    """Apply and validate changes on a fresh copy, so a refused change leaves no trace."""
    season = Season.objects.get(pk=season.pk)
    changes = dict(changes)
    if changes.get("starts_on") and changes["starts_on"] != season.starts_on:
        date_check(changes["starts_on"], field="starts_on")
    if "name" in changes:
        changes["name"] = text_clean(
            changes["name"],
            label="the season's name",
            limit=NAME_MAX,
            empty="Give the season a name.",
        )
    if "waiver_text" in changes:
        changes["waiver_text"] = text_clean(
            changes["waiver_text"],
            label="the waiver",
            limit=WAIVER_MAX,
            empty="Give the waiver's text.",
            lines=True,
        )
    for field, value in changes.items():
        setattr(season, field, value)
    if "starts_on" in changes and season.starts_on:
        season.league_night = season.starts_on.weekday()
    season.full_clean()
    season.save()
    # Names, times and the standings order show on calendars, schedules and standings.
    season_changed(season, schedule=True, results=True)
    return season


@transaction.atomic
def skill_level_add(*, season: Season, name: str) -> SkillLevel:
    name = text_clean(
        name, label="the skill level's name", limit=LEVEL_MAX, empty="Give the skill level a name."
    )
    taken = f"{season.name} already has a level called {name}."
    if season.skill_levels.filter(name__iexact=name).exists():
        raise ValidationError(taken)
    position = season.skill_levels.count()
    try:
        with transaction.atomic():
            level = SkillLevel.objects.create(season=season, name=name, position=position)
    except IntegrityError:  # the same level added at the same moment
        raise ValidationError(taken) from None
    season_changed(season, results=True)  # the standings show every level
    return level


@transaction.atomic
def venue_add(*, season: Season, name: str, tables: int, address: str = "") -> Venue:
    """A venue of the league with `tables` numbered tables, used by this season.

    Adding a venue the league already has (by name) gives it at least `tables` tables; two
    adds at once make one venue (get_or_create retries on `venue_name_unique_in_league`).
    """
    name = text_clean(
        name, label="the venue's name", limit=VENUE_MAX, empty="Give the venue a name."
    )
    address = text_clean(address, label="the address", limit=ADDRESS_MAX)
    if not 1 <= tables <= 200:
        raise ValidationError("A venue has between 1 and 200 tables.")
    venue, _ = Venue.objects.get_or_create(
        league=season.league, name=name, defaults={"address": address}
    )
    have = venue.tables.count()
    Table.objects.bulk_create(
        (Table(venue=venue, name=f"Table {n}", position=n) for n in range(have + 1, tables + 1)),
        ignore_conflicts=True,  # the same tables added at the same moment
    )
    season.venues.add(venue)
    return venue


@transaction.atomic
def season_date_add(
    *, season: Season, date: datetime.date, kind: str, note: str = ""
) -> SeasonDate:
    if kind not in SeasonDate.Kind.values:
        raise ValidationError("Choose blackout or makeup.")
    date_check(date)
    note = text_clean(note, label="the note", limit=NOTE_MAX)
    if kind == SeasonDate.Kind.BLACKOUT and date.weekday() != season.league_night:
        raise ValidationError(
            f"A blackout date is a league night: pick a {season.get_league_night_display()}."
        )
    try:
        with transaction.atomic():
            return SeasonDate.objects.create(season=season, date=date, kind=kind, note=note)
    except IntegrityError:
        raise ValidationError(f"{day(date)} is already on the season's list.") from None


@transaction.atomic
def season_date_remove(*, season: Season, date_id: int) -> None:
    season.special_dates.filter(pk=date_id).delete()
