"""Reads for moving a night: its fixtures, which of them may move and why the others stay."""

import datetime

from django.db.models import Q
from django.utils import timezone

from league.nights.models import FixtureClosure, FixtureGame
from league.seasons.models import Fixture, Season
from scoring.models import ScorecardVersion

RELATED = ("home", "away", "table__venue", "skill_level")


def started_fixtures(ids: list[int]) -> set[int]:
    """Fixtures among `ids` with a card entered, a game booked or a closure: played, or being."""
    carded = ScorecardVersion.objects.filter(
        scorecard__game__fixture_game__fixture_id__in=ids
    ).values_list("scorecard__game__fixture_game__fixture_id", flat=True)
    booked = FixtureGame.objects.filter(
        Q(fixture_id__in=ids) & (Q(forfeited_by__isnull=False) | Q(no_result=True))
    ).values_list("fixture_id", flat=True)
    closed = FixtureClosure.objects.filter(fixture_id__in=ids).values_list("fixture_id", flat=True)
    return {*carded, *booked, *closed}


def why_it_stays(fixture: Fixture, started: set[int]) -> str:
    """Why the fixture can't move with its night ("" when it can)."""
    if fixture.status == Fixture.Status.PLAYED:
        return "already played"
    if fixture.status == Fixture.Status.CANCELLED:
        return "cancelled: decide what becomes of it from the cancellation"
    if fixture.status == Fixture.Status.POSTPONED:
        return "postponed: give it a date from its own page"
    if fixture.pk in started:
        return "its results are being entered"
    return ""


def night_fixtures(season: Season, date: datetime.date) -> list[Fixture]:
    """The season's fixtures on `date` (byes too), by venue and table."""
    return list(
        Fixture.objects.filter(season=season, date=date)
        .select_related(*RELATED)
        .order_by("table__venue__name", "table__position", "pk")
    )


def night_move_choices(season: Season, date: datetime.date) -> list[tuple[Fixture, str]]:
    """The night's fixtures, each with why it stays ("" for those that may move)."""
    rows = night_fixtures(season, date)
    started = started_fixtures([f.pk for f in rows])
    return [(f, why_it_stays(f, started)) for f in rows]


def next_night_to_move(season: Season) -> datetime.date | None:
    """The first night from today with a fixture still scheduled."""
    return (
        Fixture.objects.filter(
            season=season, date__gte=timezone.localdate(), status=Fixture.Status.SCHEDULED
        )
        .order_by("date")
        .values_list("date", flat=True)
        .first()
    )
