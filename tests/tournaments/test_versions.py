"""An event's results version moves on with every change its leaderboard and room display
are built from, and only then."""

import pytest

from tests.factories import UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Round, Tournament
from tournaments.services import (
    entry_add_late,
    entry_withdraw,
    progressive_finish,
    round_enter_scores,
    round_start_next,
)
from tournaments.services.scores import TableResult
from tournaments.versions import RESULTS_VERSION, results_version

pytestmark = pytest.mark.django_db

SCORES = {"N": 6, "S": 6, "E": 2, "W": 2}


def version(tournament):
    return results_version(Tournament.objects.get(pk=tournament.pk))


def play(tournament, number):
    count = Round.objects.get(tournament=tournament, number=number).tables.count()
    round_enter_scores(
        tournament=tournament,
        number=number,
        user=tournament.director,
        results={n: TableResult(SCORES) for n in range(1, count + 1)},
    )


@pytest.fixture
def event():
    return progressive(players=9, rounds=3, director=UserFactory())


def test_an_event_not_started_has_version_nought(event):
    assert version(event) == 0


def test_every_service_that_changes_the_results_moves_it_on(event):
    seen = [version(event)]
    started(event)
    seen.append(version(event))
    play(event, 1)
    seen.append(version(event))
    round_start_next(tournament=event, by=event.director)
    seen.append(version(event))
    entry_withdraw(entry=event.entries.first(), by=event.director)
    seen.append(version(event))
    entry_add_late(tournament=event, player_name="Lou Late", by=event.director)
    seen.append(version(event))
    play(event, 2)
    round_start_next(tournament=event, by=event.director)
    play(event, 3)
    before_finish = version(event)
    progressive_finish(tournament=event, by=event.director)
    seen += [before_finish, version(event)]
    assert seen == sorted(set(seen)), seen  # strictly increasing: every step counted


def test_a_round_entry_that_changes_nothing_leaves_it(event):
    started(event)
    before = version(event)
    round_enter_scores(tournament=event, number=1, user=event.director, results={})
    assert version(event) == before


def test_a_card_confirmed_through_scoring_moves_it_on_once_committed(event, confirm):
    started(event)
    table = Round.objects.get(tournament=event, number=1).tables.order_by("number").first()
    before = version(event)
    confirm(table.game, SCORES, event.director)
    assert version(event) == before + 1


def test_the_version_reads_with_the_event_in_one_query(event, django_assert_num_queries):
    started(event)
    with django_assert_num_queries(1):
        loaded = Tournament.objects.annotate(results_version=RESULTS_VERSION).get(pk=event.pk)
        assert results_version(loaded) == 1
