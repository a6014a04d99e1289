from fractions import Fraction

import pytest

from people.selectors.series import (
    event_places,
    events_to_add,
    finals_for,
    rules_line,
    series_ladder,
    series_of_tournament,
)
from tests.factories import TournamentFactory, admin_user
from tests.people.series_helpers import (
    finished_bracket,
    finished_progressive,
    plain_director,
    seat_players,
    series_of,
)
from tests.tournaments.factories import heats_event, progressive, settle, started
from tournaments.models import Entry, HeatMatch, HeatStage, Tournament

pytestmark = pytest.mark.django_db

WIN = {"N": 9, "S": 9, "E": 3, "W": 3}
CLOSE = {"N": 6, "S": 6, "E": 5, "W": 5}


def test_a_progressive_gives_each_player_their_own_place_ties_sharing():
    director = plain_director()
    event = finished_progressive(director, [WIN, CLOSE])
    seats = seat_players(event)
    places = event_places(event)
    assert len(places) == 8
    # Table 1's N and S scored 9 (places 1, shared), table 2's 6, then 5, then 3.
    assert {places[p] for p in (seats["N"][0], seats["S"][0])} == {1}
    assert {places[p] for p in (seats["N"][1], seats["S"][1])} == {3}
    assert {places[p] for p in (seats["E"][1], seats["W"][1])} == {5}
    assert {places[p] for p in (seats["E"][0], seats["W"][0])} == {7}


def test_both_players_of_a_bracket_team_take_the_team_place():
    director = plain_director()
    event = finished_bracket(director, 4)
    assert event.status == Tournament.Status.FINISHED
    places = event_places(event)
    champion = Entry.objects.get(pk=event.champion_id)
    assert places[champion.player_id] == places[champion.partner_id] == 1
    assert sorted(places.values()) == [1, 1, 2, 2, 3, 3, 3, 3]


def test_an_event_not_played_yet_has_no_places():
    assert event_places(progressive(4, director=plain_director())) == {}


def test_event_places_reads_in_a_fixed_number_of_queries(django_assert_max_num_queries):
    event = finished_progressive(plain_director(), [WIN, CLOSE, WIN])
    with django_assert_max_num_queries(6):
        assert len(event_places(event)) == 12


def test_the_ladder_counts_only_finished_events_in_date_order():
    director = plain_director()
    first = finished_progressive(director, [WIN], date="2026-01-10")
    second = finished_progressive(director, [WIN], date="2026-02-10")
    running = progressive(4, director=director, date="2026-03-10")
    series = series_of(director, [second, running, first], points=[10, 8, 6, 5])
    ladder = series_ladder(series)
    assert ladder.events == [first, second]
    assert len(ladder.lines) == 8
    top = ladder.lines[0]
    assert top.row.total == 9  # N and S share places 1 and 2: (10 + 8) / 2
    assert [cell.points for cell in top.cells] == [Fraction(9), None]
    assert top.cells[0].counted and top.cells[0].place == 1


def test_a_ladder_without_a_finished_event_is_empty():
    director = plain_director()
    series = series_of(director, [progressive(4, director=director)])
    assert series_ladder(series).empty


def test_the_rules_read_in_one_line():
    director = plain_director()
    series = series_of(director, points=[10, 8, 6], best_of=5, min_events=3)
    assert rules_line(series) == "Points 10/8/6 · best 5 events count · 3 events to qualify"
    series.best_of, series.min_events = None, 0
    assert rules_line(series) == "Points 10/8/6 · every event counts · no minimum to qualify"


def test_events_to_add_are_the_directors_own_of_the_format_not_in_a_series():
    director = plain_director()
    mine = TournamentFactory(director=director, format=Tournament.Format.PROGRESSIVE)
    heats = TournamentFactory(director=director, format=Tournament.Format.HEATS)
    TournamentFactory(director=plain_director(), format=Tournament.Format.PROGRESSIVE)
    taken = TournamentFactory(director=director, format=Tournament.Format.PROGRESSIVE)
    series = series_of(director, [taken])
    assert list(events_to_add(series, director)) == [mine]
    assert set(events_to_add(series, admin_user())) >= {mine}
    assert heats not in finals_for(director)
    assert set(finals_for(director)) == {mine, taken}  # progressive, in setup
    assert series_of_tournament(taken.pk) == series
    assert series_of_tournament(mine.pk) is None


def test_heats_place_teams_by_the_last_stage_they_reached(django_capture_on_commit_callbacks):
    director = plain_director()
    event = started(heats_event(8, director=director))
    played: set[int] = set()
    for _ in range(10):  # stage by stage: the N-S team wins each match, by varied margins
        matches = HeatMatch.objects.filter(
            heat__stage__tournament=event, heat__stage__status=HeatStage.Status.PLAYING
        ).exclude(game=None)
        todo = [m for m in matches.order_by("pk") if m.pk not in played]
        if not todo:
            break
        for index, match in enumerate(todo):
            with django_capture_on_commit_callbacks(execute=True):
                settle(match.game, {"NS": 10, "EW": index % 9}, director)
            played.add(match.pk)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    places = event_places(event)
    champion = Entry.objects.get(pk=event.champion_id)
    assert places[champion.player_id] == places[champion.partner_id] == 1
    assert len(places) == 16 and sorted(places.values())[2] == 2  # the final's other team
    depth = {}
    for number, ns, ew in HeatMatch.objects.filter(heat__stage__tournament=event).values_list(
        "heat__stage__number", "ns__player_id", "ew__player_id"
    ):
        for player in (ns, ew):
            if player is not None:
                depth[player] = max(depth.get(player, 0), number)
    # Whoever went further never has a worse place.
    for a in depth:
        for b in depth:
            if depth[a] > depth[b]:
                assert places[a] < places[b]
