"""What a fixture asks of the person looking at it: the one step due, and the forfeit clock."""

import datetime

import pytest
from django.utils import timezone

from league.nights.selectors.due import fixture_clock, fixture_due
from league.nights.selectors.results import fixture_result
from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.eligibility import team_play_issues
from league.seasons.models import Fixture, RosterEntry, Waiver
from tests.factories import RosterEntryFactory, player_user
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def _at(hour: int, minute: int, day: datetime.date | None = None) -> datetime.datetime:
    day = day or timezone.localdate()
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour, minute)))


def _tonight():
    return night(date=timezone.localdate())  # the season starts at 7:00 PM


def _due(n, user, team, *, now=None, signed=True):
    result = fixture_result(n.fixture.pk)
    problems = [p for side in (n.home, n.away) for p in team_play_issues(side, fixture=n.fixture)]
    return fixture_due(
        result,
        user=user,
        team=team,
        problems=problems,
        waiver_signed=signed,
        now=now or _at(19, 30),
    )


def test_tonight_the_home_captain_enters_the_card():
    n = _tonight()
    due = _due(n, n.home_captain, n.home)
    assert due.action.label == "Enter the card"
    assert due.action.url.endswith(f"/fixtures/{n.fixture.pk}/#enter-scores")
    assert due.status == "3 games without a card (you enter it)."


def test_the_away_captain_has_nothing_to_do_until_the_card_is_in():
    n = _tonight()
    due = _due(n, n.away_captain, n.away)
    assert due.action is None
    assert due.status == f"3 games without a card ({n.home}'s captain enters it)."


def test_once_the_card_is_in_the_away_captain_confirms_and_the_home_captain_waits():
    n = _tonight()
    fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(1, 10, 4), GameScore(2, 6, 10), GameScore(3, 10, 8)],
    )
    away = _due(n, n.away_captain, n.away)
    assert away.action.label == "Confirm all 3 cards"
    assert away.action.url.endswith("#confirm-cards")
    home = _due(n, n.home_captain, n.home)
    assert home.action is None
    assert home.status == "3 cards waiting for confirmation."


def test_a_player_signs_their_own_waiver_before_anything_else():
    n = _tonight()
    user, _ = player_user(team=n.home)
    due = _due(n, user, n.home, signed=False)
    assert due.action.label == f"Sign the {n.season.name} waiver"
    assert due.action.url.endswith(f"/{n.season.slug}/waiver/")


def test_a_player_who_does_not_captain_has_no_step_tonight():
    n = _tonight()
    user, _ = player_user(team=n.home)
    assert _due(n, user, n.home).action is None


def test_a_captain_whose_team_is_short_is_sent_to_the_roster_first():
    n = _tonight()
    mate = n.home.roster.exclude(role=RosterEntry.Role.CAPTAIN).get()
    Waiver.objects.filter(player=mate.player).delete()
    due = _due(n, n.home_captain, n.home)
    assert due.action.label == f"{n.home.name}'s roster and waivers"
    assert due.action.url.endswith(f"/teams/{n.home.pk}/#roster")
    assert [p.kind for p in due.problems] == ["short"]
    assert due.problems[0].players == ((mate.player_id, mate.player.name),)
    assert any(link.label == f"Add a sub for {n.home.name}" for link in due.links)


def test_the_other_teams_problem_stops_the_entry_but_is_not_this_captains_to_fix():
    n = _tonight()
    mate = n.away.roster.exclude(role=RosterEntry.Role.CAPTAIN).get()
    Waiver.objects.filter(player=mate.player).delete()
    due = _due(n, n.home_captain, n.home)
    assert due.action is None
    assert [p.team for p in due.problems] == [n.away]
    assert not any("roster" in link.label for link in due.links)


def test_before_the_start_a_captain_may_announce_a_forfeit_and_not_after():
    n = _tonight()
    before = _due(n, n.home_captain, n.home, now=_at(18, 0))
    assert "Can't make it? Announce a forfeit" in [link.label for link in before.links]
    after = _due(n, n.home_captain, n.home, now=_at(19, 5))
    assert "Can't make it? Announce a forfeit" not in [link.label for link in after.links]


def test_a_fixture_next_week_asks_nothing_of_the_captain_yet():
    n = night(date=timezone.localdate() + datetime.timedelta(days=7))
    due = _due(n, n.home_captain, n.home, now=_at(12, 0))
    assert due.action is None and due.status == ""


def test_a_cancelled_fixture_says_so_and_asks_nothing():
    n = _tonight()
    Fixture.objects.filter(pk=n.fixture.pk).update(status=Fixture.Status.CANCELLED)
    due = _due(n, n.home_captain, n.home)
    assert due.action is None and due.status.startswith("Cancelled")


def test_the_forfeit_clock_counts_the_minutes_since_the_start_against_the_thresholds():
    n = _tonight()
    clock = fixture_clock(fixture_result(n.fixture.pk), _at(19, 22))
    assert clock.minutes == 22
    assert [step.minutes for step in clock.passed] == [10, 20]
    assert clock.late_minutes == 22


def test_before_the_first_threshold_the_clock_prefills_nothing():
    n = _tonight()
    early = fixture_clock(fixture_result(n.fixture.pk), _at(19, 5))
    assert early.minutes == 5 and early.late_minutes is None
    before = fixture_clock(fixture_result(n.fixture.pk), _at(18, 40))
    assert before.minutes == -20 and before.until_start == 20


def test_the_clock_follows_the_fixtures_own_start_time_and_the_seasons_thresholds():
    n = _tonight()
    n.fixture.start_time = datetime.time(19, 30)
    n.fixture.save()
    n.season.forfeit_game1_minutes = 15
    n.season.save()
    clock = fixture_clock(fixture_result(n.fixture.pk), _at(19, 42))
    assert clock.minutes == 12 and clock.late_minutes is None


def test_the_clock_stops_once_a_card_is_in_and_shows_only_on_the_night():
    n = _tonight()
    assert fixture_clock(fixture_result(n.fixture.pk), _at(19, 0, n.fixture.date)) is not None
    tomorrow = n.fixture.date + datetime.timedelta(days=1)
    assert fixture_clock(fixture_result(n.fixture.pk), _at(9, 0, tomorrow)) is None
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    assert fixture_clock(fixture_result(n.fixture.pk), _at(19, 40)) is None


def test_a_sub_for_the_night_who_has_not_signed_is_named_for_the_captain():
    n = _tonight()
    sub = RosterEntryFactory(
        team=n.home, role=RosterEntry.Role.SUB, fixture=n.fixture, starts_on=n.fixture.date
    )
    due = _due(n, n.home_captain, n.home)
    assert [p.kind for p in due.problems] == ["sub_unsigned"]
    assert due.problems[0].players == ((sub.player_id, sub.player.name),)
    assert due.action.url.endswith("#roster")
