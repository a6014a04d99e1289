"""A sub found by the sub finder may enter or confirm their side of that fixture's games:
not the other side, not another fixture's (accounts.permissions asks the registered lookup)."""

import pytest

from accounts import permissions
from league.nights.services.results import fixture_games_ensure
from league.subs.services import sub_request_answer, sub_request_create
from tests.league.subs.factories import fixture_ahead, volunteer

pytestmark = pytest.mark.django_db


def found_sub():
    ahead = fixture_ahead()
    other = fixture_ahead(ahead.season)
    ann = volunteer(ahead.season)
    request = sub_request_create(fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain)
    sub_request_answer(ask=request.asks.get(player=ann), yes=True, via="link")
    return ahead, other, ann.user


def test_the_found_sub_may_score_their_side_of_that_fixture_only():
    ahead, other, user = found_sub()
    game = fixture_games_ensure(fixture=ahead.fixture)[0].game
    home_side = "NS" if game.ns_team_id == ahead.home.pk else "EW"
    away_side = "EW" if home_side == "NS" else "NS"
    assert permissions.can_submit_for_side(user, game, home_side)
    assert not permissions.can_submit_for_side(user, game, away_side)
    assert permissions.scoring_sides_for(user, game) == [home_side]
    elsewhere = fixture_games_ensure(fixture=other.fixture)[0].game
    assert permissions.scoring_sides_for(user, elsewhere) == []


def test_the_lookup_is_read_once_per_request(django_assert_num_queries):
    ahead, _, user = found_sub()
    games = [fg.game for fg in fixture_games_ensure(fixture=ahead.fixture)]
    permissions.forget_roles(user)
    permissions.scoring_sides_for(user, games[0])
    with django_assert_num_queries(0):
        for game in games:
            permissions.scoring_sides_for(user, game)


def test_an_unapproved_playoff_sub_may_not_score_yet():
    from league.seasons.models import Fixture

    ahead = fixture_ahead()
    Fixture.objects.filter(pk=ahead.fixture.pk).update(stage=Fixture.Stage.PLAYOFF)
    ahead.fixture.refresh_from_db()
    ann = volunteer(ahead.season)
    request = sub_request_create(fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain)
    sub_request_answer(ask=request.asks.get(player=ann), yes=True, via="link")
    game = fixture_games_ensure(fixture=ahead.fixture)[0].game
    assert permissions.scoring_sides_for(ann.user, game) == []
