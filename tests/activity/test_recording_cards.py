"""Card actions land in the log of the game's owner: a league, a tournament, or the site."""

import pytest
from django.core.exceptions import PermissionDenied

from activity.models import Activity, Scope, Verb
from league.nights.services.results import (
    GameScore,
    fixture_confirm_cards,
    fixture_dispute_card,
    fixture_submit_scores,
)
from scoring.models import Scorecard
from scoring.owners import game_scope
from scoring.services import scorecard_correct, scorecard_settle, scorecard_submit
from tests.factories import UserFactory, manager_user
from tests.league.night_factories import night
from tests.scoring.factories import seated_game, team_game
from tests.tournaments.factories import bracket, settle, started
from tournaments.models import MatchGame

pytestmark = pytest.mark.django_db


def _log():
    return list(Activity.objects.order_by("pk"))


def test_a_captains_cards_and_the_confirmation_go_to_the_leagues_log():
    n = night()
    scores = [GameScore(1, 10, 5), GameScore(2, 8, 6, timed_out=True)]
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    log = _log()
    assert [(e.verb, e.actor) for e in log] == [
        (Verb.CARD_SUBMITTED, n.home_captain),
        (Verb.CARD_SUBMITTED, n.home_captain),
        (Verb.CARD_CONFIRMED, n.away_captain),
        (Verb.CARD_CONFIRMED, n.away_captain),
    ]
    assert {(e.scope_kind, e.scope_id) for e in log} == {(Scope.LEAGUE, n.season.league_id)}
    assert log[0].target == n.fixture.fixture_games.get(number=1).game
    assert log[0].target_label.endswith("Game 1")
    home, away = n.fixture.home.name, n.fixture.away.name  # the home team sits N-S
    assert log[0].detail == f"v1: {home} 10 – {away} 5 · {home}"
    assert log[1].detail == f"v1: {home} 8 – {away} 6 (time) · {home}"


def test_a_double_click_or_a_refused_card_writes_nothing_more():
    n = night()
    scores = [GameScore(1, 10, 5)]
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    with pytest.raises(PermissionDenied):
        fixture_submit_scores(fixture=n.fixture, user=UserFactory(), scores=scores)
    assert [e.verb for e in _log()] == [Verb.CARD_SUBMITTED]


def test_a_dispute_and_a_correction_say_why_and_what_changed():
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 5)])
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="We had 7.")
    card = Scorecard.objects.get(game__fixture_game__fixture=n.fixture)
    manager = manager_user()
    scorecard_settle(scorecard=card, user=manager, reason="Their tally was right.")
    card.refresh_from_db()
    fix = {"NS": 10, "EW": 7}
    scorecard_correct(scorecard=card, user=manager, reason="Hand 4 was a euchre.", final_scores=fix)
    disputed, settled, corrected = _log()[1:]
    home, away = n.fixture.home.name, n.fixture.away.name
    assert (disputed.verb, disputed.actor, disputed.detail) == (
        Verb.CARD_DISPUTED,
        n.away_captain,
        f"v1: {home} 10 – {away} 5 · We had 7.",
    )
    assert (settled.verb, settled.detail) == (
        Verb.CARD_SETTLED,
        f"v1: {home} 10 – {away} 5 → v2: {home} 10 – {away} 5 · Their tally was right.",
    )
    assert (corrected.verb, corrected.actor, corrected.detail) == (
        Verb.CARD_CORRECTED,
        manager,
        f"v2: {home} 10 – {away} 5 → v3: {home} 10 – {away} 7 · Hand 4 was a euchre.",
    )


def test_a_tournament_game_goes_to_the_tournaments_log():
    tournament = started(bracket(2))
    game = MatchGame.objects.get(match__tournament=tournament).game
    settle(game, {"NS": 10, "EW": 4}, user=tournament.director)
    entry = Activity.objects.get(verb=Verb.CARD_SETTLED)
    assert (entry.scope_kind, entry.scope_id) == (Scope.TOURNAMENT, tournament.pk)
    assert entry.actor == tournament.director


def test_a_game_between_two_league_teams_is_logged_for_their_league():
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", final_scores={"NS": 10, "EW": 3})
    entry = Activity.objects.get()
    league_id = tg.ns_team.season.league_id
    assert (entry.scope_kind, entry.scope_id, entry.verb) == ("league", league_id, "card_submitted")


def test_a_game_no_owner_claims_is_logged_for_the_site():
    game, seats = seated_game("cca-league")  # four players, no teams, no owner
    scorecard_submit(game=game, user=seats["N"], side="NS", final_scores={"NS": 10, "EW": 3})
    entry = Activity.objects.get()
    assert (entry.scope_kind, entry.scope_id, entry.verb) == (Scope.SITE, None, "card_submitted")


def test_asking_a_games_owner_is_one_query_each(django_assert_max_num_queries):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 5)])
    game_id = n.fixture.fixture_games.get(number=1).game_id
    with django_assert_max_num_queries(1):
        assert game_scope(game_id) == (Scope.LEAGUE, n.season.league_id)
    tournament = started(bracket(2))
    game_id = MatchGame.objects.get(match__tournament=tournament).game_id
    # The league says no (not a fixture's game, not between league teams), the tournament yes.
    with django_assert_max_num_queries(3):
        assert game_scope(game_id) == (Scope.TOURNAMENT, tournament.pk)
