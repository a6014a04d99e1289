"""What a league night's rules say: when a fixture starts, from when a manager may close it,
and when one of its games has a result."""

import datetime

from django.utils import timezone

from inputs.bounds import later
from league.nights.models import FixtureGame
from league.seasons.models import Fixture
from scoring.models import Scorecard


def fixture_starts_at(fixture: Fixture) -> datetime.datetime:
    start = fixture.start_time or fixture.season.start_time
    return timezone.make_aware(datetime.datetime.combine(fixture.date, start))


def fixture_closes_at(fixture: Fixture) -> datetime.datetime:
    """From when a manager may close the fixture: the start plus the season's grace period.

    (`later`: a fixture stored on the last night of the year 9999 still has a page.)
    """
    hours = fixture.season.results_grace_hours
    return later(fixture_starts_at(fixture), datetime.timedelta(hours=hours))


def game_has_result(fg: FixtureGame, card_status: str | None) -> bool:
    return (
        fg.is_forfeited
        or fg.no_result
        or card_status in (Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED)
    )
