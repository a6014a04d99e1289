"""The tournament's card gate: a game takes cards only while its round, match or stage is open.

The players' entry pages (`/scoring/games/<id>/...`) and every scoring service ask it.
"""

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.models import GameSeat, Scorecard, ScorecardDraft, ScorecardVersion
from scoring.owners import CardStep
from scoring.services import draft_add_hand, scorecard_confirm, scorecard_correct, scorecard_submit
from tests.factories import UserFactory
from tests.scoring.factories import made, team_game
from tests.tournaments.factories import bracket, heats_event, progressive, settle, started
from tournaments.models import HeatStage, MatchGame, Round, Tournament
from tournaments.selectors.games import game_card_refusals
from tournaments.services import bracket_award_match, round_start_next
from tournaments.services.games import game_create

pytestmark = pytest.mark.django_db

EVEN = {"N": 6, "S": 6, "E": 4, "W": 4}


def _seated_user(game, seat="N"):
    player = GameSeat.objects.get(game=game, seat=seat).player
    player.user = UserFactory()
    player.save(update_fields=["user"])
    return player.user


def _messages(response):
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def _planned_round_game(tournament):
    """A game at a table of round 2 while round 1 is played (the round isn't open)."""
    row = Round.objects.get(tournament=tournament, number=2)
    table = row.tables.first()
    seats = {s.seat: s.entry.player_id for s in table.seats.select_related("entry")}
    table.game = game_create(tournament=tournament, label="Round 2 · table 1", seats=seats)
    table.save(update_fields=["game"])
    return table.game


def test_a_round_not_open_refuses_a_final_score_on_the_scoring_page(client):
    tournament = started(progressive(8, rounds=3))
    game = _planned_round_game(tournament)
    client.force_login(_seated_user(game))
    response = client.post(
        reverse("scoring:entry_submit_final", args=[game.pk]),
        {"side": "NS", "score_N": 6, "score_S": 6, "score_E": 4, "score_W": 4},
        follow=True,
    )
    assert "Round 2 hasn't started" in _messages(response)
    assert not ScorecardVersion.objects.filter(scorecard__game=game).exists()


def test_a_round_not_open_refuses_its_confirmation():
    tournament = started(progressive(8, rounds=3))
    game = _planned_round_game(tournament)
    north, east = _seated_user(game, "N"), _seated_user(game, "E")
    Round.objects.filter(tournament=tournament, number=2).update(status=Round.Status.PLAYING)
    version = scorecard_submit(game=game, user=north, side="NS", final_scores=EVEN)
    Round.objects.filter(tournament=tournament, number=2).update(status=Round.Status.PLANNED)
    with pytest.raises(ValidationError, match="Round 2 hasn't started"):
        scorecard_confirm(version=version, user=east)
    assert Scorecard.objects.get(game=game).status == "submitted"


def test_a_round_that_is_over_takes_no_more_hands_but_its_director_still_corrects_it():
    tournament = started(progressive(8, rounds=3))
    first = Round.objects.get(tournament=tournament, number=1)
    for table in first.tables.all():
        settle(table.game, EVEN, tournament.director)
    round_start_next(tournament=tournament, by=tournament.director)
    game = first.tables.first().game
    player = _seated_user(game)
    with pytest.raises(ValidationError, match="Round 1 is over"):
        draft_add_hand(game=game, user=player, hand=made("NS", 3, dealer="N"))
    assert not ScorecardDraft.objects.exists()
    card = Scorecard.objects.get(game=game)
    fixed = {"N": 8, "S": 8, "E": 2, "W": 2}
    version = scorecard_correct(
        scorecard=card, user=tournament.director, reason="Typo", final_scores=fixed
    )
    assert version.seat_totals == fixed


def test_a_bracket_match_decided_by_the_director_takes_no_card(client):
    started(bracket(4))
    match_game = MatchGame.objects.select_related("match").first()
    game = match_game.game
    north = _seated_user(game, "N")
    pending = scorecard_submit(game=game, user=north, side="NS", final_scores={"NS": 10, "EW": 4})
    bracket_award_match(match=match_game.match, winner=match_game.match.top, by=None)
    east = _seated_user(game, "E")
    with pytest.raises(ValidationError, match="already decided"):
        scorecard_confirm(version=pending, user=east)
    client.force_login(north)
    response = client.post(
        reverse("scoring:entry_submit_final", args=[game.pk]),
        {"side": "NS", "score_NS": 10, "score_EW": 6},
        follow=True,
    )
    assert "already decided" in _messages(response)
    assert Scorecard.objects.get(game=game).current_version == pending


def test_a_heat_stage_that_is_over_takes_no_card():
    tournament = started(heats_event(6))
    stage = tournament.heat_stages.get(number=1)
    game = stage.heats.first().matches.exclude(game=None).first().game
    HeatStage.objects.filter(pk=stage.pk).update(status=HeatStage.Status.DONE)
    assert game_card_refusals(game, CardStep.ENTER) == [
        f"{stage.name} is over: only a director can change its cards now."
    ]
    assert game_card_refusals(game, CardStep.DECIDE) == []


def test_a_finished_event_takes_cards_from_its_directors_only():
    tournament = started(progressive(8, rounds=3))
    game = Round.objects.get(tournament=tournament, number=1).tables.first().game
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert "is finished" in game_card_refusals(game, CardStep.ANSWER)[0]
    assert game_card_refusals(game, CardStep.DECIDE) == []


def test_an_open_round_and_a_league_game_are_not_refused():
    tournament = started(progressive(8, rounds=3))
    game = Round.objects.get(tournament=tournament, number=1).tables.first().game
    assert game_card_refusals(game, CardStep.ENTER) == []
    assert game_card_refusals(team_game().game, CardStep.ENTER) == []
