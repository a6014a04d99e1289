"""Reads shared by league pages, feeds and tasks (each a fixed number of queries)."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from league.seasons.models import (
    Fixture,
    Player,
    RescheduleRequest,
    RosterEntry,
    Season,
    SeasonDate,
    Team,
    Waiver,
)


def membership_for_user(user_id: int) -> tuple[int | None, dict[int, str]]:
    """The user's player record and roles on active teams (accounts' permissions ask this).

    An entry counts until its last day (`ends_on`, in the league's time zone) has passed; a
    sub for a fixture also while that fixture is still ahead (it may have been moved later),
    and only once approved. So a sub's access to the team's private pages ends with the
    sub's dates. A regular role wins over a sub entry on the same team.
    """
    player_id = Player.objects.filter(user_id=user_id).values_list("pk", flat=True).first()
    if player_id is None:
        return None, {}
    today = timezone.localdate()
    current = Q(ends_on__isnull=True) | Q(ends_on__gte=today) | Q(fixture__date__gte=today)
    rows = (
        RosterEntry.objects.filter(player_id=player_id, team__status=Team.Status.ACTIVE)
        .filter(current)
        .exclude(role=RosterEntry.Role.SUB, approved=False)
        .values_list("team_id", "role")
    )
    roles: dict[int, str] = {}
    for team_id, role in rows:
        if roles.get(team_id) in (None, RosterEntry.Role.SUB):
            roles[team_id] = role
    return player_id, roles


def teams_for_user(user: Any) -> QuerySet[Team]:
    """Active teams the user is on, with their rosters, newest season first."""
    if not user.is_authenticated:
        return Team.objects.none()
    return (
        Team.objects.filter(roster__player__user=user, status=Team.Status.ACTIVE)
        .select_related("season__league", "skill_level")
        .prefetch_related(Prefetch("roster", queryset=RosterEntry.objects.select_related("player")))
        .distinct()
        .order_by("-season__starts_on", "name")
    )


def season_for(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league", "rule_set"),
        league__slug=league_slug,
        slug=season_slug,
    )


def fixtures_for_schedule(season: Season) -> QuerySet[Fixture]:
    """Every fixture of the season with what a schedule row shows, in one query."""
    return Fixture.objects.filter(season=season).select_related(
        "home", "away", "table__venue", "skill_level"
    )


@dataclass(frozen=True)
class ScheduleWeek:
    week: int
    nights: tuple[datetime.date, ...]  # its nights in order (a moved fixture stays in its week)

    @property
    def first(self) -> datetime.date:
        return self.nights[0]

    @property
    def last(self) -> datetime.date:
        return self.nights[-1]


def schedule_weeks(season: Season) -> list[ScheduleWeek]:
    """The weeks the season's fixtures fall in, in date order: by each week's first night
    (so a week moved whole to a makeup night comes where it is now played), then number.
    One query of a row per week and night."""
    nights: dict[int, list[datetime.date]] = {}
    rows = (
        Fixture.objects.filter(season=season)
        .values_list("week", "date")
        .distinct()
        .order_by("week", "date")  # not the default order: it would keep a row per fixture
    )
    for week, date in rows:
        nights.setdefault(week, []).append(date)
    weeks = [ScheduleWeek(week, tuple(dates)) for week, dates in nights.items()]
    return sorted(weeks, key=lambda week: (week.first, week.week))


def current_week(weeks: list[ScheduleWeek], today: datetime.date) -> int | None:
    """The week of the next night to be played (today's included); after the last, the last
    week. A week's makeup night weeks away doesn't make that week this week."""
    upcoming = [(night, week.week) for week in weeks for night in week.nights if night >= today]
    if upcoming:
        return min(upcoming)[1]
    return weeks[-1].week if weeks else None


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    """What the schedule shows of a fixture, read as plain values (no model per row)."""

    pk: int
    week: int
    date: datetime.date
    original_date: datetime.date | None
    status: str
    home_id: int
    home: str
    away_id: int | None
    away: str | None
    level: str | None
    table: str | None
    venue: str | None
    one_off: bool = False  # a makeup game, which may not count in the standings
    counts_in_standings: bool = True

    @property
    def was_moved(self) -> bool:
        return self.original_date is not None and self.original_date != self.date

    @property
    def where(self) -> str:
        return f"{self.venue} · {self.table}" if self.table is not None else ""

    @property
    def status_label(self) -> str:
        return Fixture.Status(self.status).label if self.status in Fixture.Status else self.status


SCHEDULE_ROW_FIELDS = (
    "pk",
    "week",
    "date",
    "original_date",
    "status",
    "home_id",
    "home__name",
    "away_id",
    "away__name",
    "skill_level__name",
    "table__name",
    "table__venue__name",
    "one_off",
    "counts_in_standings",
)


def schedule_values(fixtures: QuerySet[Fixture]) -> QuerySet:
    """The fixtures' `SCHEDULE_ROW_FIELDS` as tuples, to page through or write out."""
    return fixtures.values_list(*SCHEDULE_ROW_FIELDS)


def schedule_rows(values: Iterable[tuple]) -> list[ScheduleRow]:
    return [ScheduleRow(*row) for row in values]


def fixtures_for_team(team: Team) -> QuerySet[Fixture]:
    return (
        Fixture.objects.filter(Q(home=team) | Q(away=team))
        .select_related("season__league", "home", "away", "table__venue", "skill_level")
        .order_by("date", "week")
    )


def fixtures_for_season_calendar(season: Season) -> QuerySet[Fixture]:
    return fixtures_for_schedule(season).filter(away__isnull=False).select_related("season__league")


@dataclass
class RosterRow:
    entry: RosterEntry
    waiver: Waiver | None

    @property
    def signed(self) -> bool:
        return self.waiver is not None


def roster_rows(season: Season, team: Team | None = None) -> list[RosterRow]:
    """Roster entries (subs last) with each player's waiver for the season: two queries."""
    entries = (
        RosterEntry.objects.filter(team__season=season)
        .select_related("team__skill_level", "player", "fixture")
        .order_by("team__skill_level__position", "team__name", "role", "player__name")
    )
    if team is not None:
        entries = entries.filter(team=team)
    entries = list(entries)
    waivers = {
        waiver.player_id: waiver
        for waiver in Waiver.objects.filter(
            season=season, player_id__in={e.player_id for e in entries}
        )
    }
    role_order = {RosterEntry.Role.CAPTAIN: 0, RosterEntry.Role.PLAYER: 1, RosterEntry.Role.SUB: 2}
    entries.sort(key=lambda e: (e.team.name.casefold(), role_order[e.role], e.player.name))
    return [RosterRow(entry, waivers.get(entry.player_id)) for entry in entries]


@dataclass
class TeamStatus:
    team: Team
    regulars: list[RosterRow] = field(default_factory=list)

    @property
    def signed_count(self) -> int:
        return sum(1 for row in self.regulars if row.signed)

    @property
    def unsigned(self) -> list[RosterRow]:
        return [row for row in self.regulars if not row.signed]


@dataclass
class Dashboard:
    season: Season
    levels: list[tuple[str, list[TeamStatus]]]
    short_rosters: list[TeamStatus]
    missing_waivers: list[RosterRow]
    pending_requests: list[RescheduleRequest]
    pending_subs: list[RosterEntry]
    postponed: list[Fixture]
    makeup_dates: list[SeasonDate]
    blackout_dates: list[SeasonDate]
    fixture_count: int
    table_count: int


def season_dashboard(season: Season) -> Dashboard:
    teams = list(
        season.teams.select_related("skill_level").order_by("skill_level__position", "name")
    )
    status = {team.pk: TeamStatus(team) for team in teams}
    rows = roster_rows(season)
    for row in rows:
        if row.entry.role != RosterEntry.Role.SUB:
            status[row.entry.team_id].regulars.append(row)
    levels: dict[str, list[TeamStatus]] = {}
    for team in teams:
        name = team.skill_level.name if team.skill_level else "No level"
        levels.setdefault(name, []).append(status[team.pk])
    active = [s for s in status.values() if s.team.status == Team.Status.ACTIVE]
    dates = list(season.special_dates.all())
    return Dashboard(
        season=season,
        levels=list(levels.items()),
        short_rosters=[s for s in active if s.signed_count < season.min_roster],
        missing_waivers=[
            row for row in rows if not row.signed and row.entry.team.status == Team.Status.ACTIVE
        ],
        pending_requests=list(
            RescheduleRequest.objects.filter(
                fixture__season=season, status=RescheduleRequest.Status.PENDING
            ).select_related("fixture__home", "fixture__away", "requested_by_team")
        ),
        pending_subs=[
            row.entry
            for row in rows
            if row.entry.role == RosterEntry.Role.SUB and not row.entry.approved
        ],
        postponed=list(fixtures_for_schedule(season).filter(status=Fixture.Status.POSTPONED)),
        makeup_dates=[d for d in dates if d.kind == SeasonDate.Kind.MAKEUP],
        blackout_dates=[d for d in dates if d.kind == SeasonDate.Kind.BLACKOUT],
        fixture_count=season.fixtures.filter(away__isnull=False).count(),
        table_count=season.venues.aggregate(n=Count("tables"))["n"] or 0,
    )


def reschedule_requests_for_team(team: Team) -> QuerySet[RescheduleRequest]:
    return (
        RescheduleRequest.objects.filter(Q(fixture__home=team) | Q(fixture__away=team))
        .select_related("fixture__home", "fixture__away", "requested_by_team")
        .order_by("-created_at")
    )


def last_season_before(season: Season) -> Season | None:
    """The league's most recent other season, the default to copy from."""
    return season.league.seasons.exclude(pk=season.pk).order_by("-starts_on", "-pk").first()


def teams_for_setup(season: Season) -> list[Team]:
    """The season's teams by level and name, each with its `captains` (roster entries):
    two queries, for the setup page's list and the team manage page."""
    captains = (
        RosterEntry.objects.filter(role=RosterEntry.Role.CAPTAIN, fixture__isnull=True)
        .select_related("player")
        .order_by("player__name")
    )
    return list(
        season.teams.select_related("skill_level")
        .prefetch_related(Prefetch("roster", queryset=captains, to_attr="captains"))
        .order_by("skill_level__position", "skill_level__name", "name")
    )
