"""The fairness sheet's reads: the same few queries for any field, and the truth of the
rounds as stored."""

import pytest

from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Round, Seat
from tournaments.selectors.fairness import drawn_rounds, fairness_view
from tournaments.services import entry_withdraw

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [8, 40])
def test_the_sheet_takes_three_queries_whatever_the_field(django_assert_num_queries, players):
    tournament = started(progressive(players, rounds=4))
    with django_assert_num_queries(3):
        view = fairness_view(tournament)
    assert len(view.rows) == players
    assert view.sheet.rounds_drawn == 4 and view.sheet.rounds_so_far == 1


def test_the_rows_follow_the_stored_seats():
    tournament = started(progressive(9, rounds=3))
    view = fairness_view(tournament)
    for row in view.rows:
        seat = Seat.objects.select_related("table").get(entry=row.entry, round__number=1)
        if seat.table is None:
            assert row.sit_outs == 1 and row.partners == [] and row.places[0].table is None
        else:
            partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}[seat.seat]
            partner = Seat.objects.get(table=seat.table, seat=partner_seat).entry
            assert [m.entry for m in row.partners] == [partner]
            assert len(row.opponents) == 2 and row.places[0].table == seat.table.number


def test_the_guarantees_cover_every_drawn_round():
    tournament = started(progressive(8, rounds=7))
    assert fairness_view(tournament).sheet.guarantees == (
        "No one partners anyone twice; opponents at most twice (the fewest possible); "
        "nobody sits out."
    )


def test_a_withdrawn_player_keeps_their_rounds_on_the_sheet(confirm):
    tournament = started(progressive(9, rounds=3))
    row = Round.objects.get(tournament=tournament, number=1)
    for table in row.tables.select_related("game"):
        confirm(table.game, {"N": 6, "S": 6, "E": 4, "W": 4}, tournament.director)
    leaving = Seat.objects.filter(round=row, table__isnull=False).first().entry
    entry_withdraw(entry=leaving, by=tournament.director)
    view = fairness_view(tournament)
    gone = next(r for r in view.rows if r.entry.pk == leaving.pk)
    assert gone.entry.status == Entry.Status.WITHDRAWN and len(gone.partners) == 1
    assert len(drawn_rounds(tournament)) == 3
