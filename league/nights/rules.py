"""What a league night's rules say: when a fixture starts, from when a manager may close it,
when one of its games has a result, and when its games may take a card."""

import datetime

from django.utils import timezone

from inputs.bounds import later
from league.nights.forfeit_rules import ForfeitPolicy
from league.nights.models import FixtureGame
from league.seasons.models import Fixture, Season
from scoring.models import Scorecard
from wording.when import when


def season_policy(season: Season) -> ForfeitPolicy:
    """The season's forfeit policy, for the pure rules (`league.nights.forfeit_rules`)."""
    return ForfeitPolicy(
        game1_minutes=season.forfeit_game1_minutes,
        game2_minutes=season.forfeit_game2_minutes,
        all_minutes=season.forfeit_all_minutes,
        offenses_playoff_review=season.forfeit_offenses_playoff_review,
        offenses_removal=season.forfeit_offenses_removal,
    )


def fixture_starts_at(fixture: Fixture) -> datetime.datetime:
    start = fixture.start_time or fixture.season.start_time
    return timezone.make_aware(datetime.datetime.combine(fixture.date, start))


def fixture_entry_opens_at(fixture: Fixture) -> datetime.datetime:
    """From when the fixture's cards may be entered: the start of its day, in the league's
    time zone (the captains may finish a late night's card after midnight, never before)."""
    return timezone.make_aware(datetime.datetime.combine(fixture.date, datetime.time.min))


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


def fixture_card_refusals(fixture: Fixture, *, staff: bool = False) -> list[str]:
    """Why the fixture's games take no card now (empty when they may).

    The fixture page and the scoring pages both ask this, so they refuse alike. A manager's
    closing stops the captains; the league's staff may still correct a closed fixture's cards.
    """
    if fixture.away_id is None:
        return ["A bye has no games to enter."]
    if fixture.status in (Fixture.Status.CANCELLED, Fixture.Status.POSTPONED):
        return [
            f"This fixture is {fixture.get_status_display().lower()}: there is nothing to enter."
        ]
    if not staff and hasattr(fixture, "closure"):
        return ["A manager closed this fixture: its results are final."]
    if fixture.date > timezone.localdate():
        opens = when(fixture_entry_opens_at(fixture))
        return [f"Cards can be entered from the night of the fixture: entry opens {opens}."]
    return []


def fixture_game_refusals(fg: FixtureGame) -> list[str]:
    """A forfeited game, or one booked as no result, needs no card: its mark decides it."""
    if fg.is_forfeited:
        return [f"Game {fg.number} was forfeited: it needs no card."]
    if fg.no_result:
        return [f"Game {fg.number} is booked as no result: it needs no card."]
    return []
