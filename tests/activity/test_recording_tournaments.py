"""Tournament services write the event's log: set-up, start, rounds, awards, withdrawals."""

import pytest

from activity.models import Activity, Scope, Verb
from tests.factories import director_user
from tests.tournaments.factories import bracket, progressive, settle, started
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, Round, Tournament
from tournaments.services import (
    bracket_award_match,
    entry_withdraw,
    progressive_finish,
    round_start_next,
    tournament_create,
    tournament_start,
)

pytestmark = pytest.mark.django_db


def _director_actions(tournament):
    """The log without the card lines: what the director did, oldest first."""
    log = Activity.objects.filter(scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk)
    return [
        (e.verb, e.actor, e.target_label, e.detail)
        for e in log.exclude(verb__startswith="card_").order_by("pk")
    ]


def _play_round(tournament, number):
    row = Round.objects.get(tournament=tournament, number=number)
    for table in row.tables.select_related("game"):
        settle(table.game, {"N": 6, "S": 6, "E": 4, "W": 4}, tournament.director)


def test_setting_up_an_event_grants_its_director_the_role():
    director = director_user(username="dee")
    tournament = tournament_create(
        tournament=Tournament(name="Spring Open", slug="spring-open", date="2026-04-01"),
        director=director,
    )
    assert _director_actions(tournament) == [
        (Verb.ROLE_GRANTED, director, "dee", "Tournament director")
    ]


def test_a_progressive_events_start_rounds_and_finish_are_logged():
    tournament = progressive(players=8, rounds=2, checked_in=False)
    for entry in tournament.entries.order_by("number")[:7]:
        entry.status = "checked_in"
        entry.save(update_fields=["status"])
    director = tournament.director
    tournament_start(tournament=tournament, by=director)
    _play_round(tournament, 1)
    with pytest.raises(TournamentError):
        progressive_finish(tournament=tournament, by=director)
    round_start_next(tournament=tournament, by=director)
    _play_round(tournament, 2)
    with pytest.raises(TournamentError):
        round_start_next(tournament=tournament, by=director)
    progressive_finish(tournament=tournament, by=director)
    actions = _director_actions(tournament)
    assert [a[:3] for a in actions] == [
        (Verb.TOURNAMENT_STARTED, director, tournament.name),
        (Verb.ROUND_STARTED, director, "Round 2"),
        (Verb.TOURNAMENT_FINISHED, director, tournament.name),
    ]
    assert actions[0][3] == "7 playing · 1 no-show"
    assert actions[1][3] == "of 2"
    assert actions[2][3].startswith("champion: ")


def test_a_bracket_award_and_a_withdrawal_are_logged():
    tournament = started(bracket(4))
    director = tournament.director
    match = BracketMatch.objects.get(tournament=tournament, bracket="main", round=1, position=1)
    bracket_award_match(match=match, winner=match.top, by=director)
    with pytest.raises(TournamentError):
        bracket_award_match(match=match, winner=match.top, by=director)
    leaving = BracketMatch.objects.get(tournament=tournament, round=1, position=2).bottom
    entry_withdraw(entry=leaving, by=director)
    assert [a[0] for a in _director_actions(tournament)] == [
        Verb.TOURNAMENT_STARTED,
        Verb.MATCH_AWARDED,
        Verb.ENTRY_WITHDRAWN,
    ]
    awarded = Activity.objects.get(verb=Verb.MATCH_AWARDED)
    assert (awarded.target, awarded.detail) == (match, f"to {match.top}")
    withdrawn = Activity.objects.get(verb=Verb.ENTRY_WITHDRAWN)
    assert (withdrawn.target, withdrawn.target_label) == (leaving, str(leaving))
