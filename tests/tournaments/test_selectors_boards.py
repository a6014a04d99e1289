"""The leaderboard and the room display are built once per version of the event's results."""

import pytest

from tests.factories import UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Round, Tournament
from tournaments.selectors.boards import leaderboard_kept
from tournaments.selectors.room import room_view
from tournaments.services import round_enter_scores
from tournaments.services.scores import TableResult
from tournaments.versions import RESULTS_VERSION

pytestmark = pytest.mark.django_db

SCORES = {"N": 6, "S": 6, "E": 2, "W": 2}


def loaded(tournament):
    """The event as the pages read it: with its results version."""
    return (
        Tournament.objects.select_related("rule_set")
        .annotate(results_version=RESULTS_VERSION)
        .get(pk=tournament.pk)
    )


@pytest.fixture
def event():
    return started(progressive(players=12, rounds=2, director=UserFactory()))


def test_the_leaderboard_is_read_from_the_cache_until_the_results_change(
    event, django_assert_num_queries
):
    first = leaderboard_kept(loaded(event))
    assert all(row.standing.points == 0 for row in first.rows)
    event_now = loaded(event)
    with django_assert_num_queries(0):
        assert [r.entry.pk for r in leaderboard_kept(event_now).rows] == [
            r.entry.pk for r in first.rows
        ]
    round_enter_scores(
        tournament=event, number=1, user=event.director, results={1: TableResult(SCORES)}
    )
    after = leaderboard_kept(loaded(event))
    assert max(row.standing.points for row in after.rows) == 6


def test_an_edit_of_the_events_scoring_shows_at_once(event):
    round_enter_scores(
        tournament=event, number=1, user=event.director, results={1: TableResult(SCORES)}
    )
    leaderboard_kept(loaded(event))
    Tournament.objects.filter(pk=event.pk).update(prizes=[5000])
    assert leaderboard_kept(loaded(event)).rows[0].prize_cents > 0


@pytest.mark.parametrize("players", [8, 60])
def test_the_room_display_reads_no_table_once_kept_whatever_the_field(
    django_assert_num_queries, players
):
    tournament = started(progressive(players, rounds=2, director=UserFactory()))
    room_view(loaded(tournament), 0)
    event = loaded(tournament)
    with django_assert_num_queries(0):
        for page in range(12):  # every page of tables and leaders, wrapping round
            view = room_view(event, page)
    assert view.tables.items and view.leaders.items


def test_the_room_display_shows_a_confirmed_table_after_the_entry(event):
    room_view(loaded(event), 0)
    round_enter_scores(
        tournament=event, number=1, user=event.director, results={1: TableResult(SCORES)}
    )
    table = room_view(loaded(event), 0).tables.items[0]
    assert table.number == 1 and table.confirmed and table.seat_points["N"] == 6


def test_the_clock_is_the_servers_time_now_even_from_the_cache(event):
    first = room_view(loaded(event), 0).clock
    again = room_view(loaded(event), 0).clock
    assert first is not None and again.now >= first.now
    assert again.started_at == Round.objects.get(tournament=event, number=1).started_at
