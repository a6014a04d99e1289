"""Two directors (or a double click) at the same moment, as real concurrent requests on
PostgreSQL: one event joins one ladder, and a final gets each invited player once."""

import pytest
from django.core.exceptions import ValidationError

from people.models import SeriesEvent
from people.services.series import series_add_event, series_invite_top
from tests.concurrency import at_once
from tests.factories import TournamentFactory
from tests.people.series_helpers import (
    entry_players,
    finished_progressive,
    plain_director,
    series_of,
)
from tests.tournaments.factories import progressive
from tournaments.models import Tournament

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

WIN = {"N": 9, "S": 9, "E": 3, "W": 3}


def test_one_event_added_to_two_ladders_at_once_joins_one():
    director = plain_director()
    event = TournamentFactory(director=director, format=Tournament.Format.PROGRESSIVE)
    first, second = series_of(director, name="A"), series_of(director, name="B")
    outcomes = at_once(
        lambda: series_add_event(actor=director, series=first, tournament=event),
        lambda: series_add_event(actor=director, series=second, tournament=event),
    )
    assert SeriesEvent.objects.filter(tournament=event).count() == 1
    refused = [o for o in outcomes if isinstance(o, ValidationError)]
    assert len(refused) == 1 and "already counts in" in refused[0].messages[0]


def test_a_double_click_on_add_makes_one_row_and_no_error():
    director = plain_director()
    event = TournamentFactory(director=director, format=Tournament.Format.PROGRESSIVE)
    series = series_of(director)
    outcomes = at_once(
        *[lambda: series_add_event(actor=director, series=series, tournament=event)] * 2
    )
    assert not any(isinstance(o, Exception) for o in outcomes)
    assert SeriesEvent.objects.filter(tournament=event).count() == 1


def test_a_double_click_on_invite_registers_each_player_once():
    director = plain_director()
    series = series_of(director, [finished_progressive(director, [WIN])])
    final = progressive(0, director=director)
    outcomes = at_once(
        *[lambda: series_invite_top(actor=director, series=series, top=4, final=final)] * 2
    )
    assert not any(isinstance(o, Exception) for o in outcomes)
    assert len(entry_players(final)) == 4
    assert final.entries.count() == 4
    assert sorted(len(o.entered) for o in outcomes) == [0, 4]
