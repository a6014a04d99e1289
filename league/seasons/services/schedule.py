"""Writing the schedule: generate (pure league.seasons.scheduling), edit, publish (and tell
the season's players)."""

import datetime
from collections import Counter
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.permissions import can_manage_season
from activity.models import Verb
from inputs.bounds import date_check, in_window, window_message
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, Season, SeasonDate, Table, Team
from league.seasons.recipients import players_of_season
from league.seasons.scheduling import generate_schedule
from league.seasons.versions import season_changed
from notices.addresses import Audience
from notices.models import Notice
from notices.services import notice_audience, notice_send
from wording.when import day

LIVE = (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)
NO_LEVEL = "-"


def season_tables(season: Season) -> list[Table]:
    return list(
        Table.objects.filter(venue__seasons=season)
        .select_related("venue")
        .order_by("venue__name", "position", "name")
    )


@transaction.atomic
def season_generate_schedule(*, season: Season) -> int:
    """Replace the draft schedule with a fresh round robin; returns the fixture count."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.is_published:
        raise ValidationError(
            "The schedule is published: edit fixtures by hand instead of regenerating."
        )
    if season.starts_on is None:
        raise ValidationError("Set the season's first league night before generating.")
    if not in_window(season.starts_on):  # stored before the window, or by an administrator
        raise ValidationError(f"Change the season's first league night: {window_message()}")
    teams = list(
        season.teams.filter(status=Team.Status.ACTIVE)
        .select_related("skill_level")
        .order_by("skill_level__position", "skill_level__name", "name")
    )
    if len(teams) < 2:
        raise ValidationError("Add at least two active teams before generating a schedule.")
    levels = {team.skill_level_id: team.skill_level for team in teams}
    teams_by_level: dict[str, list[int]] = {}
    for team in teams:
        key = str(team.skill_level_id) if team.skill_level_id else NO_LEVEL
        teams_by_level.setdefault(key, []).append(team.pk)
    tables = season_tables(season)
    blackouts = season.special_dates.filter(kind=SeasonDate.Kind.BLACKOUT).values_list(
        "date", flat=True
    )
    try:
        rows = generate_schedule(
            teams_by_level,
            weeks=season.weeks,
            start=season.starts_on,
            blackout_dates=set(blackouts),
            tables=[table.pk for table in tables],
            games_per_fixture=season.games_per_fixture,
        )
    except ValueError as exc:
        raise ValidationError(f"The schedule can't be generated: {exc}.") from None
    season.fixtures.filter(stage=Fixture.Stage.REGULAR).delete()
    Fixture.objects.bulk_create(
        Fixture(
            season=season,
            week=row.week,
            date=row.date,
            skill_level=levels.get(None if row.level == NO_LEVEL else int(row.level)),
            home_id=row.home,
            away_id=row.away,
            table_id=row.table,
            games=row.games,
        )
        for row in rows
    )
    season_changed(season, schedule=True, results=True)
    return len(rows)


def schedule_clashes(season: Season) -> list[str]:
    """Nights where a team plays twice or a table holds two fixtures."""
    rows = season.fixtures.filter(status__in=LIVE, away__isnull=False).values_list(
        "date", "home_id", "away_id", "table_id"
    )
    teams: Counter = Counter()
    tables: Counter = Counter()
    for date, home, away, table in rows:
        teams.update([(date, home), (date, away)])
        if table is not None:
            tables[(date, table)] += 1
    problems = [f"A team plays twice on {d}." for (d, _), n in teams.items() if n > 1]
    problems += [f"A table holds two fixtures on {d}." for (d, _), n in tables.items() if n > 1]
    return sorted(set(problems))


def publish_audience(season: Season) -> Audience:
    """Who publishing the schedule tells: every player on the season's rosters."""
    return notice_audience(
        kind=Notice.Kind.SCHEDULE_PUBLISHED, recipients=players_of_season(season)
    )


def _tell_the_players(season: Season, by: Any, fixtures: int) -> None:
    """The season's rostered players hear that the schedule is out, in the same transaction."""
    league = season.league
    first = season.fixtures.order_by("date").values_list("date", flat=True).first()
    start = f", from {day(first)}" if first else ""
    notice_send(
        kind=Notice.Kind.SCHEDULE_PUBLISHED,
        subject=f"{league.name}: the {season.name} schedule is out"[:200],
        body=(
            f"{league.name}, {season.name}: the schedule is published "
            f"({plural(fixtures, 'fixture')} over {plural(season.weeks, 'week')}{start}).\n\n"
            "Find your team's nights, opponents and tables on the schedule; your team's page "
            "has a calendar to subscribe to, which follows every change."
        ),
        sms_text=f"{league.name}: the {season.name} schedule is out{start}."[:220],
        recipients=players_of_season(season),
        created_by=by,
        announce_league=league,
        link=reverse("league:season_schedule", args=[league.slug, season.slug]),
        season=season,
        source={"schedule_published": season.pk},
        key=f"schedule_published:season:{season.pk}",
    )


@transaction.atomic
def season_publish_schedule(*, season: Season, by: Any = None) -> Season:
    """Make the draft the season's schedule and tell the season's players.

    `by` is the manager, who must manage the season; None is the demo loader setting up
    its data, which tells nobody.
    """
    if by is not None and not can_manage_season(by, season):
        raise PermissionDenied("Only the league's managers publish its schedule.")
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    if season.is_published:
        raise ValidationError("The schedule is already published.")
    if not season.fixtures.exists():
        raise ValidationError("Generate the schedule before publishing it.")
    clashes = schedule_clashes(season)
    if clashes:
        raise ValidationError(clashes)
    season.schedule_state = Season.ScheduleState.PUBLISHED
    season.schedule_published_at = timezone.now()
    season.save(update_fields=["schedule_state", "schedule_published_at"])
    season_changed(season, schedule=True)
    fixtures = season.fixtures.filter(away__isnull=False).count()
    league_activity(
        season=season,
        actor=by,
        verb=Verb.SCHEDULE_PUBLISHED,
        target=season,
        label=f"{season.name} schedule",
        detail=f"{plural(fixtures, 'fixture')} over {plural(season.weeks, 'week')}",
    )
    if by is not None:
        _tell_the_players(season, by, fixtures)
    return season


def check_night(
    fixture: Fixture, date: datetime.date, table: Table | None, team_ids: set[int]
) -> None:
    """A team plays once a night and a table holds one fixture a night."""
    others = Fixture.objects.filter(date=date, status__in=LIVE).exclude(pk=fixture.pk)
    busy = (
        others.filter(away__isnull=False)
        .filter(Q(home_id__in=team_ids) | Q(away_id__in=team_ids))
        .select_related("home", "away")
        .first()
    )
    if busy is not None:
        raise ValidationError(f"{busy.home} and {busy.away} already play on {day(date)}.")
    if table is not None and others.filter(table=table).exists():
        raise ValidationError(f"{table} already holds a fixture on {day(date)}.")


def move_fixture(fixture: Fixture, date: datetime.date) -> None:
    if fixture.original_date is None and date != fixture.date:
        fixture.original_date = fixture.date
    fixture.date = date


@transaction.atomic
def fixture_update(
    *,
    fixture: Fixture,
    date: datetime.date,
    home: Team,
    away: Team | None,
    table: Table | None,
    status: str,
    start_time: datetime.time | None = None,
) -> Fixture:
    """A manager's hand edit of one fixture, validated against the rest of the night."""
    season = fixture.season
    if status not in Fixture.Status.values:
        raise ValidationError("Choose a status from the list.")
    if date != fixture.date:
        date_check(date)
    for team in (home, away):
        if team is not None and team.season_id != season.pk:
            raise ValidationError(f"{team} isn't in {season.name}.")
    if away is not None and away.pk == home.pk:
        raise ValidationError("A team can't play itself.")
    if away is None:
        table = None
    if table is not None and not season.venues.filter(pk=table.venue_id).exists():
        raise ValidationError(f"{table} isn't at one of the season's venues.")
    if status in LIVE and away is not None:
        check_night(fixture, date, table, {home.pk, away.pk})
    move_fixture(fixture, date)
    fixture.home, fixture.away, fixture.table = home, away, table
    fixture.status, fixture.start_time = status, start_time
    fixture.games = season.games_per_fixture if away is not None else 0
    fixture.save()
    season_changed(season, schedule=True, results=True)
    return fixture
