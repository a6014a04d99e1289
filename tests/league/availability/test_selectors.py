"""Headcounts and short fixtures: who counts, who is expected, and a few queries for many."""

import datetime

import pytest
from django.utils import timezone

from league.availability.selectors import (
    fixture_headcount,
    player_nights,
    short_fixtures,
    team_nights,
)
from league.availability.services import availability_answer
from league.seasons.models import Fixture, RosterEntry, Season
from tests.factories import PlayerFactory, RosterEntryFactory
from tests.league.availability.factories import fixture_on, upcoming
from tests.league.night_factories import ready_team

pytestmark = pytest.mark.django_db


def _answer(u, player, answer):
    availability_answer(fixture=u.fixture, player=player, answer=answer, via="link")


def test_a_headcount_sorts_the_roster_by_answer():
    u = upcoming()
    captain, mate = u.captain_player(u.home), u.mate(u.home)
    extra = PlayerFactory(name="Zed")
    RosterEntryFactory(team=u.home, player=extra)
    _answer(u, captain, "coming")
    _answer(u, mate, "not_coming")
    counts = fixture_headcount(u.fixture)
    home = counts[u.home.pk]
    assert home.coming == [captain]
    assert home.not_coming == [mate]
    assert home.unanswered == [extra]
    assert (home.expected, home.short) == (2, False)
    assert counts[u.away.pk].unanswered and not counts[u.away.pk].short


def test_a_team_is_short_when_too_few_havent_said_no():
    u = upcoming()
    _answer(u, u.mate(u.home), "not_coming")
    home = fixture_headcount(u.fixture)[u.home.pk]
    assert (home.expected, home.needed, home.short) == (1, 2, True)


def test_an_approved_sub_for_the_fixture_counts_and_others_do_not():
    u = upcoming()
    _answer(u, u.mate(u.home), "not_coming")
    sub = PlayerFactory()
    RosterEntryFactory(team=u.home, player=sub, role="sub", fixture=u.fixture)
    waiting = PlayerFactory()
    RosterEntryFactory(team=u.home, player=waiting, role="sub", fixture=u.fixture, approved=False)
    home = fixture_headcount(u.fixture)[u.home.pk]
    assert sub in home.unanswered and waiting not in home.players
    assert not home.short


def test_a_regular_whose_dates_dont_cover_the_night_is_not_counted():
    u = upcoming()
    RosterEntry.objects.filter(player=u.mate(u.home)).update(
        starts_on=u.fixture.date + datetime.timedelta(days=1)
    )
    assert fixture_headcount(u.fixture)[u.home.pk].short


def test_short_fixtures_lists_each_short_team_with_its_fixes():
    u = upcoming()
    _answer(u, u.mate(u.away), "not_coming")
    [short] = short_fixtures(season=u.season)
    assert (short.fixture, short.team, short.missing) == (u.fixture, u.away, 1)
    assert short.forfeit_url.endswith(f"/fixtures/{u.fixture.pk}/?announce=1#announce-forfeit")


def test_short_fixtures_keeps_to_the_teams_asked_about():
    u = upcoming()
    _answer(u, u.mate(u.away), "not_coming")
    assert short_fixtures(team_ids=[u.home.pk]) == []
    assert [s.team for s in short_fixtures(team_ids=[u.away.pk])] == [u.away]


def test_short_fixtures_skips_past_far_cancelled_and_draft_fixtures():
    u = upcoming(days=30)
    for days in (-2, 20):
        fixture_on(u.season, u.home, u.away, days=days)
    fixture_on(u.season, u.home, u.away, days=2).__class__.objects.filter(
        date=timezone.localdate() + datetime.timedelta(days=2)
    ).update(status=Fixture.Status.CANCELLED)
    RosterEntry.objects.filter(team=u.home, role="player").delete()  # home is short everywhere
    assert short_fixtures(season=u.season) == []
    soon = fixture_on(u.season, u.home, u.away, days=5)
    assert [s.fixture for s in short_fixtures(season=u.season)] == [soon]
    Season.objects.filter(pk=u.season.pk).update(schedule_state=Season.ScheduleState.DRAFT)
    assert short_fixtures(season=u.season) == []


def test_short_fixtures_takes_two_queries_however_many_fixtures(django_assert_num_queries):
    u = upcoming()
    for n in range(6):
        _, a = ready_team(u.season, f"A{n}")
        _, b = ready_team(u.season, f"B{n}")
        fixture = fixture_on(u.season, a, b, days=1 + n % 5)
        availability_answer(
            fixture=fixture, player=a.roster.last().player, answer="not_coming", via="link"
        )
    with django_assert_num_queries(2):
        shorts = short_fixtures(season=u.season)
        assert len(shorts) == 6
        [s.team.name for s in shorts]
        [s.fixture.season.league.name for s in shorts]


def test_a_players_nights_show_their_answer_and_their_teams_count(django_assert_num_queries):
    u = upcoming()
    later = fixture_on(u.season, u.home, u.away, days=10, week=10)
    fixture_on(u.season, u.home, u.away, days=20, week=11)  # beyond two weeks
    me = u.mate(u.home)
    _answer(u, me, "maybe")
    with django_assert_num_queries(3):
        nights = player_nights(me.pk)
        assert [(n.fixture, n.team, n.answer) for n in nights] == [
            (u.fixture, u.home, "maybe"),
            (later, u.home, ""),
        ]
        assert nights[0].headcount.maybe == [me]


def test_a_teams_nights_show_who_is_coming(django_assert_num_queries):
    u = upcoming()
    mate = u.mate(u.home)
    _answer(u, mate, "coming")
    with django_assert_num_queries(2):
        [night] = team_nights(u.home)
        assert night.headcount.coming == [mate]
