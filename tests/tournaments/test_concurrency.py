import threading

import pytest
from django.db import connection

from scoring.signals import card_confirmed
from tests.tournaments.factories import bracket, settle, started
from tournaments.models import BracketMatch
from tournaments.receivers import advance_on_confirmed_card
from tournaments.services import bracket_record_game

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_two_semifinals_recorded_at_the_same_moment_both_reach_the_final():
    tournament = started(bracket(4))
    semis = list(BracketMatch.objects.filter(tournament=tournament, round=1).order_by("position"))
    series_games = [semi.games.get() for semi in semis]
    card_confirmed.disconnect(advance_on_confirmed_card, dispatch_uid="tournaments.card_confirmed")
    try:
        for series_game in series_games:
            settle(series_game.game, {"NS": 10, "EW": 4}, tournament.director)
    finally:
        card_confirmed.connect(advance_on_confirmed_card, dispatch_uid="tournaments.card_confirmed")

    barrier = threading.Barrier(2)
    errors = []

    def record(series_game):
        try:
            barrier.wait()
            bracket_record_game(match_game=series_game)
        except Exception as exc:  # reported below: a deadlock or lost update would land here
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(g,)) for g in series_games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    final = BracketMatch.objects.get(tournament=tournament, round=2)
    assert {final.top_id, final.bottom_id} == {semi.top_id for semi in semis}
    assert final.games.count() == 1
