"""The leaderboard credits rounds sat out as the event's policy says, from the rounds started."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Round, Seat, Tournament
from tournaments.selectors import progressive_leaderboard
from tournaments.services import round_enter_scores, round_start_next
from tournaments.services.scores import TableResult

pytestmark = pytest.mark.django_db

SCORES = ({"N": 6, "S": 6, "E": 2, "W": 2}, {"N": 4, "S": 4, "E": 4, "W": 4})


def play(tournament, number):
    tables = Round.objects.get(tournament=tournament, number=number).tables.count()
    results = {n: TableResult(SCORES[(n - 1) % 2]) for n in range(1, tables + 1)}
    round_enter_scores(
        tournament=tournament, number=number, user=tournament.director, results=results
    )


def sitter(tournament, number):
    return Seat.objects.get(round__tournament=tournament, round__number=number, table=None).entry


def board(tournament):
    return {row.entry.pk: row for row in progressive_leaderboard(tournament).rows}


@pytest.fixture
def nine():
    """Nine players: two tables a round, one player sits out each round."""
    return started(progressive(players=9, rounds=3, director=UserFactory()))


def test_with_nothing_a_round_sat_out_scores_zero(nine):
    play(nine, 1)
    out = sitter(nine, 1)
    row = board(nine)[out.pk]
    assert (row.standing.points, row.standing.sat_out, row.rounds) == (0, [1], ["out"])


def test_with_an_average_the_credit_follows_the_rounds_played(nine):
    Tournament.objects.filter(pk=nine.pk).update(sit_out_scoring="average")
    nine.refresh_from_db()
    play(nine, 1)
    out = sitter(nine, 1)
    assert board(nine)[out.pk].standing.points == 0  # nothing played yet: no average
    round_start_next(tournament=nine, by=nine.director)
    play(nine, 2)
    row = board(nine)[out.pk]
    played = row.standing.game_points
    assert row.standing.rounds_played == 1 and played > 0
    assert (row.standing.points, row.rounds[0]) == (2 * played, f"out +{played}")


def test_with_fixed_points_each_round_sat_out_scores_them(nine):
    Tournament.objects.filter(pk=nine.pk).update(sit_out_scoring="fixed", sit_out_points=5)
    nine.refresh_from_db()
    play(nine, 1)
    out = sitter(nine, 1)
    assert board(nine)[out.pk].standing.points == 5


def test_a_round_not_started_yet_is_not_credited(nine):
    Tournament.objects.filter(pk=nine.pk).update(sit_out_scoring="fixed", sit_out_points=5)
    nine.refresh_from_db()
    later = sitter(nine, 2)
    assert later != sitter(nine, 1)
    assert board(nine)[later.pk].standing.sat_out == []


def test_the_leaderboard_page_explains_the_policy_in_one_line(client, nine):
    Tournament.objects.filter(pk=nine.pk).update(sit_out_scoring="fixed", sit_out_points=4)
    page = client.get(reverse("tournaments:leaderboard", args=[nine.slug])).content.decode()
    line = re.search(r'<p id="sit-out-rule">(.*?)</p>', page).group(1)
    assert line == "A player who sits out a round scores 4 points for it."
