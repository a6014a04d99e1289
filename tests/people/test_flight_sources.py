"""People tells tournaments each player's ladder position before an event (flights by ladder)."""

import pytest

from people.flight_sources import ladder_positions_before
from people.models import SeriesEvent
from tests.people.series_helpers import finished_progressive, plain_director, series_of
from tests.tournaments.factories import progressive
from tournaments.flight_sources import ladder_positions

pytestmark = pytest.mark.django_db


def test_an_events_players_are_placed_by_the_ladder_of_the_events_before_it():
    director = plain_director()
    played = finished_progressive(director, [{"N": 10, "S": 10, "E": 4, "W": 4}])
    series = series_of(director, [played])
    upcoming = progressive(4, director=director)
    SeriesEvent.objects.create(series=series, tournament=upcoming)

    positions = ladder_positions(upcoming)  # through the registry people filled

    assert positions == ladder_positions_before(upcoming)
    winners = set(played.entries.filter(player__in=positions).values_list("player_id", flat=True))
    assert len(positions) == 4 and winners == set(positions)
    assert sorted(positions.values()) == [1, 2, 3, 4]


def test_an_event_in_no_series_gives_no_positions():
    assert ladder_positions(progressive(4)) == {}
