"""The room display's reads: pages of tables and leaders that take turns, and the clock."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments.factories import progressive, started
from tournaments.models import Round, Tournament
from tournaments.selectors.room import LEADERS_PER_PAGE, TABLES_PER_PAGE, RoundClock, room_view

pytestmark = pytest.mark.django_db


def test_long_lists_take_turns_page_by_page_and_wrap_round():
    tournament = started(progressive(60, rounds=2))  # 15 tables, 60 leaders
    first = room_view(tournament, 0)
    assert (first.tables.page, first.tables.pages) == (1, 2)
    assert len(first.tables.items) == TABLES_PER_PAGE
    assert (first.leaders.page, first.leaders.pages) == (1, 6)
    assert len(first.leaders.items) == LEADERS_PER_PAGE and first.next_page == 1
    second = room_view(tournament, 1)
    assert [t.number for t in second.tables.items] == [13, 14, 15]
    assert second.leaders.first_number == LEADERS_PER_PAGE + 1
    seventh = room_view(tournament, 6)
    assert seventh.leaders.page == 1 and seventh.tables.page == 1
    shown = set()
    for page in range(6):
        shown |= {row.entry.pk for row in room_view(tournament, page).leaders.items}
    assert len(shown) == 60  # everyone is on screen within one turn


def test_a_silly_page_number_is_taken_in_range():
    tournament = started(progressive(8, rounds=2))
    assert room_view(tournament, -5).tables.page == 1
    assert room_view(tournament, 10**12).leaders.page == 1


@pytest.mark.parametrize("players", [8, 40])
def test_the_display_takes_the_same_few_queries_for_any_field(
    django_assert_max_num_queries, players
):
    tournament = started(progressive(players, rounds=2))
    tournament = Tournament.objects.select_related("rule_set").get(pk=tournament.pk)
    with django_assert_max_num_queries(9):
        room_view(tournament, 0)


def test_the_clock_counts_down_the_round_minutes_or_the_rule_sets_limit():
    tournament = started(progressive(8, rounds=2, round_minutes=20))
    started_at = Round.objects.get(tournament=tournament, number=1).started_at
    assert started_at is not None
    clock = room_view(tournament).clock
    assert clock.started_at == started_at and clock.limit_minutes == 20
    assert clock.ends_at == started_at + datetime.timedelta(minutes=20)


def test_the_clock_reads_time_left_then_time_or_time_played():
    start = timezone.now()
    minute = datetime.timedelta(minutes=1)
    assert RoundClock(start, 20, start + 5 * minute).text == "15:00"
    assert RoundClock(start, 20, start + 20 * minute).text == "Time!"
    assert RoundClock(start, None, start + 125 * minute / 60).text == "2:05"


def test_no_clock_before_the_start_or_after_the_finish():
    tournament = progressive(8, rounds=2)
    assert room_view(tournament).clock is None and room_view(tournament).round_number is None
    tournament = started(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    assert room_view(tournament).clock is None
