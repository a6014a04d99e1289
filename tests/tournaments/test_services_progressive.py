import pytest

from scoring.models import GameSeat, Scorecard
from scoring.services import scorecard_settle
from tests.tournaments.factories import progressive, started
from tournaments.errors import TournamentError
from tournaments.models import Entry, Round, Seat, Tournament
from tournaments.selectors import progressive_leaderboard
from tournaments.services import (
    entry_add_late,
    entry_arrive_late,
    entry_register,
    entry_withdraw,
    progressive_finish,
    round_start_next,
)

pytestmark = pytest.mark.django_db


def _confirm_round(confirm, tournament, number, scores=None):
    row = Round.objects.get(tournament=tournament, number=number)
    for table in row.tables.select_related("game"):
        confirm(table.game, scores or {"N": 6, "S": 6, "E": 4, "W": 4}, tournament.director)


def _seatings(tournament, number):
    return {
        (s.entry_id, s.table.number if s.table else None, s.seat)
        for s in Seat.objects.filter(
            round__tournament=tournament, round__number=number
        ).select_related("table")
    }


def test_starting_draws_every_round_and_opens_the_first():
    tournament = started(progressive(12, rounds=4))
    assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
    rounds = Round.objects.filter(tournament=tournament).order_by("number")
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    for row in rounds:
        assert row.seats.count() == 12 and row.tables.count() == 3
    first = rounds[0]
    assert all(t.game and t.game.rule_set.slug == "progressive" for t in first.tables.all())
    assert not any(t.game_id for t in rounds[1].tables.all())
    table = first.tables.first()
    seated = dict(GameSeat.objects.filter(game=table.game).values_list("seat", "player_id"))
    expected = {s.seat: s.entry.player_id for s in table.seats.select_related("entry")}
    assert seated == expected


def test_nobody_partners_anyone_twice():
    tournament = started(progressive(8, rounds=7))
    partners = set()
    for row in Round.objects.filter(tournament=tournament):
        for table in row.tables.all():
            seats = {s.seat: s.entry_id for s in table.seats.all()}
            for pair in ((seats["N"], seats["S"]), (seats["E"], seats["W"])):
                assert frozenset(pair) not in partners
                partners.add(frozenset(pair))


def test_players_not_checked_in_become_no_shows_and_sit_nowhere():
    tournament = progressive(8, rounds=2)
    absent = entry_register(tournament=tournament, player_name="Zed Absent")
    started(tournament)
    absent.refresh_from_db()
    assert absent.status == Entry.Status.NO_SHOW
    assert not absent.round_seats.exists()


def test_progressive_needs_four_players():
    tournament = progressive(3)
    with pytest.raises(TournamentError, match="at least four"):
        started(tournament)


def test_the_next_round_opens_only_when_every_card_is_confirmed(confirm):
    tournament = started(progressive(8, rounds=2))
    with pytest.raises(TournamentError, match="still need a confirmed card"):
        round_start_next(tournament=tournament, by=tournament.director)
    _confirm_round(confirm, tournament, 1)
    opened = round_start_next(tournament=tournament, by=tournament.director)
    assert opened.number == 2 and all(t.game_id for t in opened.tables.all())
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.DONE
    with pytest.raises(TournamentError, match="last round"):
        round_start_next(tournament=tournament, by=tournament.director)


def test_a_late_arrival_joins_the_remaining_rounds_and_played_rounds_stay(confirm):
    tournament = started(progressive(8, rounds=3))
    before = _seatings(tournament, 1)
    late = entry_add_late(tournament=tournament, player_name="Lou Late", by=tournament.director)
    assert _seatings(tournament, 1) == before
    assert late.first_round == 2
    for number in (2, 3):
        assert Seat.objects.filter(round__tournament=tournament, round__number=number).count() == 9
    _confirm_round(confirm, tournament, 1)
    round_start_next(tournament=tournament, by=tournament.director)
    assert late.round_seats.filter(round__number=2).exists()


def test_a_registered_player_who_turns_up_late_is_seated_from_the_next_round():
    tournament = progressive(8, rounds=3)
    slow = tournament.entries.order_by("number").last()
    slow.status = Entry.Status.REGISTERED
    slow.save()
    started(tournament)
    slow.refresh_from_db()
    assert slow.status == Entry.Status.NO_SHOW
    entry_arrive_late(entry=slow, by=tournament.director)
    slow.refresh_from_db()
    assert slow.late and slow.status == Entry.Status.CHECKED_IN
    assert sorted(slow.round_seats.values_list("round__number", flat=True)) == [2, 3]


def test_a_withdrawn_player_leaves_later_rounds_but_keeps_played_ones():
    tournament = started(progressive(9, rounds=3))
    leaver = tournament.entries.first()
    entry_withdraw(entry=leaver, by=tournament.director)
    assert list(leaver.round_seats.values_list("round__number", flat=True)) == [1]
    assert Seat.objects.filter(round__tournament=tournament, round__number=2).count() == 8


def test_nobody_joins_after_the_last_round_starts(confirm):
    tournament = started(progressive(8, rounds=1))
    with pytest.raises(TournamentError, match="no round left"):
        entry_add_late(tournament=tournament, player_name="Too Late", by=tournament.director)
    assert not tournament.entries.filter(player__name="Too Late").exists()


def test_withdrawing_below_four_players_is_refused():
    tournament = started(progressive(4, rounds=2))
    with pytest.raises(TournamentError, match="Fewer than four"):
        entry_withdraw(entry=tournament.entries.first(), by=tournament.director)
    assert tournament.entries.filter(status=Entry.Status.WITHDRAWN).count() == 0


def _lone_march_card(loner="N"):
    """A lone march by `loner`, then seven hands E-W make with three tricks."""
    hands = [{"dealer": "W", "maker_side": "NS", "alone": True, "loner_seat": loner, "tricks": 5}]
    hands += [{"dealer": "NESW"[i % 4], "maker_side": "EW", "tricks": 3} for i in range(7)]
    return hands


def test_individual_points_follow_the_progressive_preset(django_capture_on_commit_callbacks):
    tournament = started(progressive(4, rounds=1, tiebreaks=["lone_hands_made"]))
    table = Round.objects.get(tournament=tournament, number=1).tables.get()
    card, _ = Scorecard.objects.get_or_create(game=table.game)
    with django_capture_on_commit_callbacks(execute=True):
        scorecard_settle(
            scorecard=card, user=tournament.director, reason="Cards in", hands=_lone_march_card()
        )
    board = progressive_leaderboard(tournament)
    by_seat = {s.seat: s.entry_id for s in Seat.objects.filter(table=table)}
    points = {row.entry.pk: row.standing.points for row in board.rows}
    assert points[by_seat["N"]] == 5 and points[by_seat["S"]] == 4
    assert points[by_seat["E"]] == points[by_seat["W"]] == 7
    lone = {row.entry.pk: row.standing.lone_hands_made for row in board.rows}
    assert lone[by_seat["N"]] == 1 and lone[by_seat["S"]] == 0
    games = {row.entry.pk: row.standing.games_won for row in board.rows}
    assert games[by_seat["E"]] == 1 and games[by_seat["N"]] == 0


def test_finishing_names_the_leader_and_splits_tied_prizes(confirm):
    tournament = started(progressive(8, rounds=1, prizes=[5000, 3000, 1001]))
    with pytest.raises(TournamentError, match="still need a confirmed card"):
        progressive_finish(tournament=tournament, by=tournament.director)
    row = Round.objects.get(tournament=tournament, number=1)
    tables = list(row.tables.order_by("number"))
    confirm(tables[0].game, {"N": 12, "S": 12, "E": 2, "W": 2}, tournament.director)
    confirm(tables[1].game, {"N": 9, "S": 9, "E": 3, "W": 3}, tournament.director)
    progressive_finish(tournament=tournament, by=tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    board = progressive_leaderboard(tournament)
    top = [r for r in board.rows if r.standing.points == 12]
    assert len(top) == 2 and all(r.standing.place == 1 and r.standing.tied for r in top)
    assert sorted(r.prize_cents for r in top) == [4000, 4000]
    third = [r for r in board.rows if r.standing.place == 3]
    assert sum(r.prize_cents for r in third) == 1001
    assert sum(r.prize_cents for r in board.rows) == 9001
    assert tournament.champion_id in {r.entry.pk for r in top}


def test_finishing_before_the_last_round_is_refused():
    tournament = started(progressive(8, rounds=2))
    with pytest.raises(TournamentError, match="play every round"):
        progressive_finish(tournament=tournament, by=tournament.director)


def test_three_handed_tables_seat_everyone_with_west_empty():
    tournament = started(progressive(7, rounds=3, sit_out_rule="three_handed"))
    for row in Round.objects.filter(tournament=tournament):
        assert not row.seats.filter(table__isnull=True).exists()  # nobody sits out
        sizes = sorted(table.seats.count() for table in row.tables.all())
        assert sizes == [3, 4]
        short = next(t for t in row.tables.all() if t.seats.count() == 3)
        assert set(short.seats.values_list("seat", flat=True)) == {"N", "S", "E"}
    first = Round.objects.get(tournament=tournament, number=1)
    short = next(t for t in first.tables.all() if t.seats.count() == 3)
    assert GameSeat.objects.filter(game=short.game).count() == 3


def test_sit_outs_are_spread_so_nobody_sits_twice_before_everyone_once():
    tournament = started(progressive(10, rounds=5))
    counts = {}
    for seat in Seat.objects.filter(round__tournament=tournament, table__isnull=True):
        counts[seat.entry_id] = counts.get(seat.entry_id, 0) + 1
    assert sum(counts.values()) == 10 and set(counts.values()) == {1}
