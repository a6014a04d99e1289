"""Double elimination run through the bracket services (tournaments.services.bracket)."""

import pytest

from tests.tournaments.factories import bracket, double_elimination, settle, started
from tournaments.models import BracketMatch, Entry, Tournament
from tournaments.selectors import bracket_places, bracket_view
from tournaments.services import bracket_award_match, entry_withdraw, tournament_recheck

pytestmark = pytest.mark.django_db


def _match(tournament, bracket, round_, position=1):
    return BracketMatch.objects.get(
        tournament=tournament, bracket=bracket, round=round_, position=position
    )


def _win(confirm, match, top_wins: bool, director):
    game = match.games.order_by("-number").first()
    ns_wins = top_wins == game.top_is_ns
    confirm(game.game, {"NS": 10, "EW": 6} if ns_wins else {"NS": 5, "EW": 10}, director)
    match.refresh_from_db()


def _open_matches(tournament):
    return list(
        BracketMatch.objects.filter(
            tournament=tournament, winner__isnull=True, is_bye=False, games__isnull=False
        )
        .distinct()
        .order_by("bracket", "round", "position")
    )


def _play(confirm, tournament, top_wins=lambda m: True, stop=lambda m: False):
    """Confirm a card for every open match until the event finishes or ``stop(match)``."""
    while (open_matches := _open_matches(tournament)) and not stop(open_matches[0]):
        match = open_matches[0]
        _win(confirm, match, top_wins(match), tournament.director)
    tournament.refresh_from_db()


def test_twelve_teams_draw_winners_and_losers_brackets_and_a_grand_final_with_reset():
    tournament = started(double_elimination(12))

    rows = BracketMatch.objects.filter(tournament=tournament)
    counts = {
        bracket: [rows.filter(bracket=bracket, round=r).count() for r in range(1, 7)]
        for bracket in ("main", "losers", "final")
    }
    assert counts == {
        "main": [8, 4, 2, 1, 0, 0],
        "losers": [4, 4, 2, 2, 1, 1],
        "final": [1, 1, 0, 0, 0, 0],
    }
    assert rows.filter(bracket="main", round=1, is_bye=True).count() == 4
    # Only the four real first-round matches have a game so far.
    assert sum(1 for m in rows if m.games.exists()) == 4


def test_a_first_round_loser_drops_into_a_losers_bracket_bye(confirm):
    tournament = started(double_elimination(12))
    first = _match(tournament, "main", 1, 2)  # 8 v 9; its losers' slot faces a bye's loser

    _win(confirm, first, top_wins=True, director=tournament.director)

    drop = _match(tournament, "losers", 1, 1)
    assert drop.is_bye and drop.top_id == first.bottom_id and drop.winner_id == first.bottom_id
    assert _match(tournament, "losers", 2, 1).top_id == first.bottom_id


def test_twelve_teams_play_to_a_champion_and_every_match_is_decided_or_void(confirm):
    tournament = started(double_elimination(12))

    _play(confirm, tournament)

    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion.seed == 1
    rows = BracketMatch.objects.filter(tournament=tournament)
    assert all(m.winner_id is not None or m.void for m in rows)
    assert _match(tournament, "final", 2).void  # the winners' champion took the grand final


def test_the_reset_match_is_played_when_the_losers_bracket_team_wins_the_grand_final(confirm):
    tournament = started(double_elimination(4))
    _play(confirm, tournament, stop=lambda m: m.bracket == "final")
    final = _match(tournament, "final", 1)

    _win(confirm, final, top_wins=False, director=tournament.director)

    reset = _match(tournament, "final", 2)
    assert (reset.top_id, reset.bottom_id) == (final.top_id, final.bottom_id)
    assert reset.games.count() == 1
    assert reset.games.get().game.label.endswith("Grand final, reset match")
    assert str(reset) == "Grand final, reset match" and str(final) == "Grand final"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    _win(confirm, reset, top_wins=False, director=tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == final.bottom_id


def test_without_the_reset_the_grand_final_decides(confirm):
    tournament = started(double_elimination(4, bracket_reset=False))
    _play(confirm, tournament, stop=lambda m: m.bracket == "final")
    final = _match(tournament, "final", 1)

    _win(confirm, final, top_wins=False, director=tournament.director)

    tournament.refresh_from_db()
    assert tournament.champion_id == final.bottom_id
    assert not BracketMatch.objects.filter(tournament=tournament, bracket="final", round=2)


def test_a_team_that_withdraws_loses_its_losers_bracket_match_by_walkover(confirm):
    tournament = started(double_elimination(4))
    semi = _match(tournament, "main", 1, 1)
    _win(confirm, semi, top_wins=True, director=tournament.director)
    _win(confirm, _match(tournament, "main", 1, 2), top_wins=True, director=tournament.director)
    losers_first = _match(tournament, "losers", 1)
    assert losers_first.ready

    entry_withdraw(entry=Entry.objects.get(pk=semi.bottom_id), by=tournament.director)

    losers_first.refresh_from_db()
    assert losers_first.winner_id is not None and losers_first.winner_id != semi.bottom_id


def test_the_director_can_award_a_losers_bracket_match(confirm):
    tournament = started(double_elimination(4))
    for position in (1, 2):
        _win(confirm, _match(tournament, "main", 1, position), True, tournament.director)
    losers_first = _match(tournament, "losers", 1)

    bracket_award_match(match=losers_first, winner=losers_first.top, by=tournament.director)

    assert _match(tournament, "losers", 2).top_id == losers_first.top_id


def test_a_recheck_replays_confirmed_cards_in_the_losers_bracket(confirm):
    tournament = started(double_elimination(4))
    for position in (1, 2):
        _win(confirm, _match(tournament, "main", 1, position), True, tournament.director)
    losers_first = _match(tournament, "losers", 1)
    settle(losers_first.games.get().game, {"NS": 10, "EW": 3}, tournament.director)  # no on-commit
    tournament_recheck(tournament=tournament, by=tournament.director)

    losers_first.refresh_from_db()
    assert losers_first.winner_id == losers_first.top_id


def test_places_show_what_the_prizes_pay_and_tied_places_share(confirm):
    tournament = double_elimination(8, prizes=[10000, 5000, 3000, 2000, 1000, 1000])
    tournament = started(tournament)
    _play(confirm, tournament)

    places = bracket_places(tournament, bracket_view(tournament))

    assert [(p.place, len(p.placed)) for p in places] == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 2)]
    assert places[0].placed[0].entry == tournament.champion
    assert [p.placed[0].prize_cents for p in places[:4]] == [10000, 5000, 3000, 2000]
    assert [x.prize_cents for x in places[4].placed] == [1000, 1000]


def test_a_single_elimination_bracket_places_champion_runner_up_and_shared_third(confirm):
    tournament = started(bracket(8, prizes=[6000, 3000, 1001]))
    _play(confirm, tournament)

    places = bracket_places(tournament, bracket_view(tournament))

    assert [(p.place, p.last_place) for p in places] == [(1, 1), (2, 2), (3, 4)]
    assert sorted(x.prize_cents for x in places[2].placed) == [500, 501]
