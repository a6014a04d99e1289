"""Reads for cancellations: a night's fixtures, makeup room, records and their notices."""

import datetime

from django.db.models import Count, Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from league.cancellations.makeups import MakeupError, Move, Night, Pending, Seat, assign_makeups
from league.cancellations.models import Cancellation
from league.seasons.models import Fixture, Season, SeasonDate, Table
from notices.models import Notice
from notices.selectors import notices_with_counts

LIVE = (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)
FIXTURE_RELATED = ("home", "away", "table__venue", "skill_level")


def night_fixtures(season: Season, date: datetime.date) -> QuerySet[Fixture]:
    """Fixtures still to play that night (byes left out), as the cancel form lists them."""
    return Fixture.objects.filter(
        season=season, date=date, away__isnull=False, status=Fixture.Status.SCHEDULED
    ).select_related(*FIXTURE_RELATED)


def next_night_with_play(
    season: Season, today: datetime.date | None = None
) -> datetime.date | None:
    """The first night from today with a fixture still to play: the cancel form's default."""
    today = today or timezone.localdate()
    return (
        Fixture.objects.filter(
            season=season, date__gte=today, away__isnull=False, status=Fixture.Status.SCHEDULED
        )
        .order_by("date")
        .values_list("date", flat=True)
        .first()
    )


def _with_fixtures(queryset: QuerySet[Cancellation]) -> QuerySet[Cancellation]:
    fixtures = Fixture.objects.select_related(*FIXTURE_RELATED).order_by(
        "date", "table__venue__name", "table__position", "pk"
    )
    return queryset.select_related(
        "season__league", "venue", "created_by", "decided_by"
    ).prefetch_related(Prefetch("fixtures", queryset=fixtures))


def cancellations_for_season(season: Season) -> QuerySet[Cancellation]:
    """The season's cancellations, newest night first, each with its fixtures (two queries)."""
    return _with_fixtures(Cancellation.objects.filter(season=season))


def cancellation_summaries(season: Season) -> QuerySet[Cancellation]:
    """The season's cancellations with a fixture count, for the dashboard (one query)."""
    return Cancellation.objects.filter(season=season).annotate(fixture_count=Count("fixtures"))


def cancellation_for(season: Season, pk: int) -> Cancellation:
    """One of the season's cancellations for a page (404 when it isn't the season's)."""
    return get_object_or_404(_with_fixtures(Cancellation.objects.filter(season=season)), pk=pk)


def cancellation_with_fixtures(pk: int) -> Cancellation:
    return _with_fixtures(Cancellation.objects.all()).get(pk=pk)


def cancellation_notices(cancellation: Cancellation) -> QuerySet[Notice]:
    """The notices a cancellation caused (the call-off, the decision) with delivery counts."""
    return notices_with_counts().filter(source__cancellation=cancellation.pk)


def still_cancelled(cancellation: Cancellation) -> list[Fixture]:
    """The cancellation's fixtures nobody has moved since: the ones a decision places."""
    return [f for f in cancellation.fixtures.all() if f.status == Fixture.Status.CANCELLED]


def makeup_dates(season: Season, cancellation: Cancellation) -> list[datetime.date]:
    """The season's makeup dates still ahead, other than the cancelled night itself."""
    return list(
        season.special_dates.filter(kind=SeasonDate.Kind.MAKEUP, date__gte=timezone.localdate())
        .exclude(date=cancellation.date)
        .order_by("date")
        .values_list("date", flat=True)
    )


def makeup_nights(dates: list[datetime.date]) -> list[Night]:
    """Each makeup night with the teams that already play and the tables already taken."""
    nights = {date: Night(date) for date in dates}
    rows = Fixture.objects.filter(date__in=dates, status__in=LIVE).values_list(
        "date", "home_id", "away_id", "table_id"
    )
    for date, home, away, table in rows:
        night = nights[date]
        night.busy_teams.update(team for team in (home, away) if team is not None)
        if table is not None:
            night.busy_tables.add(table)
    return [nights[date] for date in dates]


def season_seats(season: Season) -> list[Seat]:
    tables = (
        Table.objects.filter(venue__seasons=season)
        .order_by("venue__name", "position", "name")
        .values_list("pk", "venue_id")
    )
    return [Seat(table_id=pk, venue_id=venue) for pk, venue in tables]


def tables_by_id(ids: list[int]) -> dict[int, Table]:
    return Table.objects.select_related("venue").in_bulk(ids)


def pending_fixtures(fixtures: list[Fixture]) -> list[Pending]:
    return [
        Pending(
            fixture_id=f.pk,
            label=f"{f.home} v {f.away}",
            team_ids=frozenset(f.team_ids()),
            table_id=f.table_id,
            venue_id=f.table.venue_id if f.table is not None else None,
        )
        for f in fixtures
    ]


def makeup_moves(
    season: Season,
    dates: list[datetime.date],
    fixtures: list[Fixture],
    picks: dict[int, datetime.date] | None = None,
) -> list[Move]:
    """Where each fixture would go (raises MakeupError when one has no room)."""
    return assign_makeups(
        pending_fixtures(fixtures), makeup_nights(dates), season_seats(season), picks
    )


def makeup_proposal(
    season: Season, fixtures: list[Fixture], dates: list[datetime.date]
) -> tuple[list[tuple[Fixture, datetime.date, Table | None]], str]:
    """The automatic placement to show before deciding, or why there is none."""
    if not fixtures:
        return [], ""
    if not dates:
        return [], "The season has no makeup dates ahead: add one on the setup page."
    try:
        moves = makeup_moves(season, dates, fixtures)
    except MakeupError as exc:
        return [], str(exc)
    tables = tables_by_id([m.table_id for m in moves if m.table_id])
    rows = [(f, m.date, tables.get(m.table_id)) for f, m in zip(fixtures, moves, strict=True)]
    return rows, ""
