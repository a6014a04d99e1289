"""Who played for a team in a fixture: seats on every game, by its captain or a manager."""

import datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity, Verb
from league.nights.services.lineups import fixture_lineup_record
from league.nights.services.results import fixture_games_ensure
from league.seasons.models import Fixture, RosterEntry
from scoring.models import GameSeat
from scoring.signals import game_players_changed
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    UserFactory,
    manager_user,
)
from tests.league.night_factories import night, play

pytestmark = pytest.mark.django_db


def three_regulars(team):
    """The team's captain, partner and an alternate, in roster order."""
    RosterEntryFactory(team=team)
    return [e.player for e in team.roster.filter(fixture__isnull=True).order_by("pk")]


def seats(fixture, *names):
    rows = GameSeat.objects.filter(game__fixture_game__fixture=fixture)
    if names:
        rows = rows.filter(seat__in=names)
    return sorted(rows.values_list("game__fixture_game__number", "seat", "player_id"))


@pytest.fixture
def evening():
    n = night()
    n.home_players = three_regulars(n.home)
    n.away_players = three_regulars(n.away)
    return n


def test_the_captain_seats_two_players_on_every_game_of_the_fixture(evening):
    a, b, _ = evening.home_players
    played = fixture_lineup_record(
        fixture=evening.fixture, team=evening.home, player_ids=[a.pk, b.pk], by=evening.home_captain
    )
    assert [p.pk for p in played] == [a.pk, b.pk]
    games = evening.fixture.fixture_games.count()
    assert games == 3
    assert seats(evening.fixture) == sorted(
        [(n, "N", a.pk) for n in (1, 2, 3)] + [(n, "S", b.pk) for n in (1, 2, 3)]
    )
    entry = Activity.objects.get(verb=Verb.LINEUP_RECORDED)
    assert entry.actor == evening.home_captain and a.name in entry.detail


def test_the_away_team_sits_east_and_west(evening):
    a, _, c = evening.away_players
    fixture_lineup_record(
        fixture=evening.fixture, team=evening.away, player_ids=[a.pk, c.pk], by=evening.away_captain
    )
    assert {seat for _, seat, _ in seats(evening.fixture)} == {"E", "W"}


def test_a_manager_of_this_league_records_it_even_after_the_cards_are_confirmed(evening):
    play(evening.fixture, (10, 4), (6, 10), (10, 9))
    a, _, c = evening.home_players
    fixture_lineup_record(
        fixture=evening.fixture,
        team=evening.home,
        player_ids=[a.pk, c.pk],
        by=manager_user(league=evening.season.league),
    )
    assert len(seats(evening.fixture, "N", "S")) == 6


@pytest.mark.parametrize("who", ["other_captain", "other_league_manager", "player", "anonymous"])
def test_nobody_else_records_it(evening, who):
    a, b, c = evening.home_players
    if who == "player":  # the team's alternate, signed in
        c.user = UserFactory()
        c.save()
    by = {
        "other_captain": evening.away_captain,
        "other_league_manager": manager_user(league=LeagueFactory()),
        "player": c.user,
        "anonymous": AnonymousUser(),
    }[who]
    with pytest.raises(PermissionDenied):
        fixture_lineup_record(
            fixture=evening.fixture, team=evening.home, player_ids=[a.pk, b.pk], by=by
        )
    assert (
        seats(evening.fixture) == []
        and not Activity.objects.filter(verb=Verb.LINEUP_RECORDED).exists()
    )


def refused(evening, player_ids, team=None, fixture=None):
    with pytest.raises(ValidationError) as caught:
        fixture_lineup_record(
            fixture=fixture or evening.fixture,
            team=team or evening.home,
            player_ids=player_ids,
            by=manager_user(league=evening.season.league),
        )
    assert seats(fixture or evening.fixture) == []
    return " ".join(caught.value.messages)


def test_it_refuses_one_player_three_players_or_the_same_one_twice(evening):
    a, b, c = evening.home_players
    assert "two different players" in refused(evening, [a.pk])
    assert "two different players" in refused(evening, [a.pk, b.pk, c.pk])
    assert "two different players" in refused(evening, [a.pk, a.pk])


def test_it_refuses_players_off_the_roster_that_night(evening):
    a, b, c = evening.home_players
    stranger = PlayerFactory()
    assert "roster" in refused(evening, [a.pk, stranger.pk])
    assert "roster" in refused(evening, [a.pk, evening.away_players[0].pk])
    RosterEntry.objects.filter(player=c).update(
        ends_on=evening.fixture.date - datetime.timedelta(days=1)
    )
    assert "roster" in refused(evening, [a.pk, c.pk])


def test_a_sub_entered_for_this_fixture_may_be_chosen_and_one_for_another_may_not(evening):
    a, _, _ = evening.home_players
    sub = RosterEntry.objects.create(
        team=evening.home,
        player=PlayerFactory(),
        role=RosterEntry.Role.SUB,
        fixture=evening.fixture,
    )
    other = night(evening.season, week=2)
    elsewhere = RosterEntry.objects.create(
        team=evening.home, player=PlayerFactory(), role=RosterEntry.Role.SUB, fixture=other.fixture
    )
    assert "roster" in refused(evening, [a.pk, elsewhere.player_id])
    fixture_lineup_record(
        fixture=evening.fixture,
        team=evening.home,
        player_ids=[a.pk, sub.player_id],
        by=evening.home_captain,
    )
    assert {pk for _, _, pk in seats(evening.fixture)} == {a.pk, sub.player_id}


def test_it_refuses_a_team_of_another_fixture_and_a_night_still_to_come(evening):
    a, b, _ = evening.home_players
    other = night(evening.season, week=2)
    assert "doesn't play" in refused(evening, [a.pk, b.pk], team=other.home)
    Fixture.objects.filter(pk=evening.fixture.pk).update(
        date=datetime.date.today() + datetime.timedelta(days=7)
    )
    assert "night of the fixture" in refused(evening, [a.pk, b.pk])


def test_a_double_click_changes_nothing_the_second_time(
    evening, django_capture_on_commit_callbacks
):
    a, b, _ = evening.home_players
    sent = []

    def heard(**kwargs):
        sent.append(kwargs["game_ids"])

    game_players_changed.connect(heard, dispatch_uid="test.heard")
    try:
        for _ in range(2):
            with django_capture_on_commit_callbacks(execute=True):
                fixture_lineup_record(
                    fixture=evening.fixture,
                    team=evening.home,
                    player_ids=[b.pk, a.pk],
                    by=evening.home_captain,
                )
    finally:
        game_players_changed.disconnect(dispatch_uid="test.heard")
    assert len(seats(evening.fixture)) == 6
    assert Activity.objects.filter(verb=Verb.LINEUP_RECORDED).count() == 1
    assert len(sent) == 1 and len(sent[0]) == 3


def test_recording_again_replaces_that_sides_seats_and_keeps_the_others(evening):
    a, b, c = evening.home_players
    x, y, _ = evening.away_players
    record = lambda team, ids, by: fixture_lineup_record(  # noqa: E731
        fixture=evening.fixture, team=team, player_ids=ids, by=by
    )
    record(evening.away, [x.pk, y.pk], evening.away_captain)
    record(evening.home, [a.pk, b.pk], evening.home_captain)
    record(evening.home, [a.pk, c.pk], evening.home_captain)
    assert {pk for _, _, pk in seats(evening.fixture, "N", "S")} == {a.pk, c.pk}
    assert {pk for _, _, pk in seats(evening.fixture, "E", "W")} == {x.pk, y.pk}
    assert Activity.objects.filter(verb=Verb.LINEUP_RECORDED).count() == 3


def test_the_fixtures_games_are_created_when_none_exist_yet(evening):
    a, b, _ = evening.home_players
    assert not evening.fixture.fixture_games.exists()
    fixture_lineup_record(
        fixture=evening.fixture, team=evening.home, player_ids=[a.pk, b.pk], by=evening.home_captain
    )
    assert len(fixture_games_ensure(fixture=evening.fixture)) == 3
    assert len(seats(evening.fixture)) == 6
