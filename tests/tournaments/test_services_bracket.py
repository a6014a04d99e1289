import pytest

from scoring.models import GameSeat
from tests.tournaments.factories import bracket, entry_named, settle, started
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, Entry, Tournament
from tournaments.services import (
    bracket_award_match,
    entry_set_seed,
    entry_withdraw,
    tournament_recheck,
)

pytestmark = pytest.mark.django_db


def _match(tournament, round_, position, which="main"):
    return BracketMatch.objects.get(
        tournament=tournament, bracket=which, round=round_, position=position
    )


def _win(confirm, match, top_wins: bool, director):
    game = match.games.order_by("-number").first()
    top_is_ns = game.top_is_ns
    ns_wins = top_wins == top_is_ns
    confirm(game.game, {"NS": 10, "EW": 6} if ns_wins else {"NS": 5, "EW": 10}, director)
    match.refresh_from_db()


def test_twelve_teams_get_byes_for_the_top_four_seeds():
    tournament = started(bracket(12))
    first = BracketMatch.objects.filter(tournament=tournament, bracket="main", round=1)
    byes = first.filter(is_bye=True)
    assert sorted(byes.values_list("top_seed", flat=True)) == [1, 2, 3, 4]
    assert all(m.winner_id == m.top_id for m in byes)
    # Byes already sit in round two, waiting for the winner of 8 v 9 and the like.
    second = _match(tournament, 2, 1)
    assert second.top_seed == 1 and second.bottom_id is None
    assert first.filter(is_bye=False).count() == 4
    assert all(m.games.count() == 1 for m in first.filter(is_bye=False))


def test_each_series_game_seats_both_teams_under_the_rule_set():
    tournament = started(bracket(2))
    match = _match(tournament, 1, 1)
    game = match.games.get().game
    assert game.rule_set.slug == "classic-tens"
    seats = {s.seat: s.player_id for s in GameSeat.objects.filter(game=game)}
    assert {seats["N"], seats["S"]} == {match.top.player_id, match.top.partner_id}
    assert {seats["E"], seats["W"]} == {match.bottom.player_id, match.bottom.partner_id}


def test_a_confirmed_card_sends_the_winner_on_and_opens_their_next_match(confirm):
    tournament = started(bracket(4))
    semi = _match(tournament, 1, 1)
    _win(confirm, semi, top_wins=False, director=tournament.director)
    assert semi.winner_id == semi.bottom_id
    final = _match(tournament, 2, 1)
    assert final.top_id == semi.bottom_id
    assert final.games.count() == 0  # still waiting for the other semifinal
    _win(confirm, _match(tournament, 1, 2), top_wins=True, director=tournament.director)
    final.refresh_from_db()
    assert final.games.count() == 1


def test_best_of_three_adds_games_until_a_team_wins_two(confirm):
    tournament = started(bracket(2, best_of=3))
    final = _match(tournament, 1, 1)
    _win(confirm, final, top_wins=True, director=tournament.director)
    assert final.winner_id is None and final.games.count() == 2
    assert not final.games.get(number=2).top_is_ns  # sides swap
    _win(confirm, final, top_wins=False, director=tournament.director)
    assert (final.top_wins, final.bottom_wins, final.games.count()) == (1, 1, 3)
    _win(confirm, final, top_wins=True, director=tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == final.top_id


def test_the_consolation_bracket_collects_first_round_losers(confirm):
    tournament = started(bracket(8, consolation=True))
    for position in range(1, 5):
        _win(confirm, _match(tournament, 1, position), True, tournament.director)
    consolation = BracketMatch.objects.filter(tournament=tournament, bracket="consolation")
    first = consolation.filter(round=1)
    assert first.count() == 2
    assert all(m.top_id and m.bottom_id and m.games.count() == 1 for m in first)
    losers = {_match(tournament, 1, p).bottom_id for p in range(1, 5)}
    assert {e for m in first for e in (m.top_id, m.bottom_id)} == losers


def test_director_seeds_decide_the_draw():
    tournament = bracket(4)
    last = entry_named(tournament, "Team 4")
    entry_set_seed(entry=last, seed=1)
    started(tournament)
    last.refresh_from_db()
    assert last.seed == 1
    assert _match(tournament, 1, 1).top_id == last.pk


def test_a_seed_can_be_used_once():
    tournament = bracket(2)
    entry_set_seed(entry=entry_named(tournament, "Team 1"), seed=2)
    with pytest.raises(TournamentError, match="already taken"):
        entry_set_seed(entry=entry_named(tournament, "Team 2"), seed=2)


def test_a_withdrawn_team_loses_its_match_by_walkover():
    tournament = started(bracket(4))
    semi = _match(tournament, 1, 1)
    entry_withdraw(entry=semi.top, by=tournament.director)
    semi.refresh_from_db()
    assert semi.winner_id == semi.bottom_id
    assert _match(tournament, 2, 1).top_id == semi.bottom_id


def test_a_team_that_withdraws_before_its_opponent_is_known_loses_when_it_is(confirm):
    tournament = started(bracket(3))  # seed 1 has a bye into the final
    seed_one = Entry.objects.get(tournament=tournament, seed=1)
    entry_withdraw(entry=seed_one, by=tournament.director)
    semi = _match(tournament, 1, 2)
    _win(confirm, semi, top_wins=True, director=tournament.director)
    tournament.refresh_from_db()
    assert tournament.champion_id == semi.top_id


def test_the_director_can_award_a_forfeit_but_only_to_a_team_in_the_match():
    tournament = started(bracket(4))
    semi, other = _match(tournament, 1, 1), _match(tournament, 1, 2)
    with pytest.raises(TournamentError, match="isn't playing"):
        bracket_award_match(match=semi, winner=other.top, by=tournament.director)
    bracket_award_match(match=semi, winner=semi.top, by=tournament.director)
    with pytest.raises(TournamentError, match="already decided"):
        bracket_award_match(match=semi, winner=semi.top, by=tournament.director)
    with pytest.raises(TournamentError, match="waiting for a team"):
        bracket_award_match(match=_match(tournament, 2, 1), winner=semi.top)


def test_cards_confirmed_after_a_match_is_decided_change_nothing(confirm):
    tournament = started(bracket(2))
    final = _match(tournament, 1, 1)
    game = final.games.get()
    bracket_award_match(match=final, winner=final.bottom, by=tournament.director)
    confirm(game.game, {"NS": 10, "EW": 2}, tournament.director)
    final.refresh_from_db()
    assert final.winner_id == final.bottom_id


def test_a_bracket_needs_two_checked_in_teams():
    tournament = bracket(2, checked_in=False)
    with pytest.raises(TournamentError, match="at least two"):
        started(tournament)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.SETUP


def test_a_recheck_catches_up_with_cards_confirmed_while_advancing_failed():
    tournament = started(bracket(2))
    final = _match(tournament, 1, 1)
    settle(final.games.get().game, {"NS": 4, "EW": 10}, tournament.director)  # no on-commit run
    final.refresh_from_db()
    assert final.winner_id is None
    tournament_recheck(tournament=tournament, by=tournament.director)
    tournament.refresh_from_db()
    assert tournament.champion_id == final.bottom_id
