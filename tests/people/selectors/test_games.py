"""Confirmed games as facts: sides from seats, or from a league team's line-up that night."""

import pytest

from league.models import FixtureGame, RosterEntry
from people.selectors.games import confirmed_game_ids, game_facts
from tests.factories import PlayerFactory
from tests.league.night_factories import night, play

pytestmark = pytest.mark.django_db


def _roster_ids(team):
    return sorted(team.roster.values_list("player_id", flat=True))


def test_a_league_nights_games_take_each_teams_two_players_and_the_fixtures_night():
    evening = night()
    play(evening.fixture, (10, 4), (6, 10), (10, 9))
    facts = game_facts(confirmed_game_ids())
    assert len(facts) == 3
    first = facts[0]
    assert sorted(pk for pk, _ in first.sides["NS"].players) == _roster_ids(evening.home)
    assert sorted(pk for pk, _ in first.sides["EW"].players) == _roster_ids(evening.away)
    assert first.sides["NS"].team_id == evening.home.pk
    assert first.season_id == evening.season.pk and first.tournament_id is None
    assert first.played_at.date() == evening.fixture.date
    assert [f.winner for f in facts] == ["NS", "EW", "NS"]
    assert not first.by_hand and first.known


def test_a_sub_that_night_leaves_the_teams_side_untold(django_assert_max_num_queries):
    evening = night()
    play(evening.fixture, (10, 4), (10, 6), (10, 2))
    RosterEntry.objects.create(
        team=evening.home,
        player=PlayerFactory(),
        role=RosterEntry.Role.SUB,
        fixture=evening.fixture,
    )
    with django_assert_max_num_queries(8):
        facts = game_facts(confirmed_game_ids())
    assert all(not fact.known for fact in facts)


def test_forfeited_games_are_not_facts():
    evening = night()
    play(evening.fixture, (10, 4), (10, 6), (10, 2))
    FixtureGame.objects.filter(fixture=evening.fixture, number=3).update(forfeited_by=evening.away)
    assert len(game_facts(confirmed_game_ids())) == 2


def test_a_progressive_tables_game_knows_its_event_and_seats():
    from tests.tournaments.factories import progressive, settle, started
    from tournaments.models import Table

    event = started(progressive(players=8, rounds=2))
    table = Table.objects.filter(round__tournament=event).exclude(game=None).first()
    settle(table.game, {"N": 5, "E": 2, "S": 5, "W": 2}, user=event.director)
    (fact,) = game_facts([table.game_id])
    assert fact.tournament_id == event.pk and fact.season_id is None
    assert {seat for _, seat in fact.sides["NS"].players} == {"N", "S"}
    assert (fact.sides["NS"].points, fact.sides["EW"].points, fact.winner) == (10, 4, "NS")


def test_a_bracket_series_game_and_a_heat_game_count_for_both_partners_of_each_team():
    from tests.tournaments.factories import bracket, heats_event, settle, started
    from tournaments.models import HeatMatch, MatchGame

    event = started(bracket(count=4))
    series_game = MatchGame.objects.filter(match__tournament=event).first()
    settle(series_game.game, {"NS": 10, "EW": 7}, user=event.director)
    heats = started(heats_event(count=6))
    heat_match = HeatMatch.objects.filter(heat__stage__tournament=heats).exclude(game=None).first()
    settle(heat_match.game, {"NS": 4, "EW": 10}, user=heats.director)
    bracket_fact, heat_fact = sorted(
        game_facts([series_game.game_id, heat_match.game_id]), key=lambda f: f.game_id
    )
    assert bracket_fact.tournament_id == event.pk and bracket_fact.winner == "NS"
    assert heat_fact.tournament_id == heats.pk and heat_fact.winner == "EW"
    for fact in (bracket_fact, heat_fact):
        assert [len(fact.sides[s].players) for s in ("NS", "EW")] == [2, 2] and fact.known
