"""A whole night's money, from the cards: fees paid, the purse's share setting the prizes,
a loner basket paid over the lone hands made on the hand-by-hand card, the prizes the
results award paid, the ledger closed, and every line adding up."""

import pytest

from money.ledger import pot_services, selectors, services
from money.ledger.event_reads import prizes_due
from scoring.models import Scorecard
from scoring.services import scorecard_settle
from tests.money.ledger.helpers import event_ledger, event_sign_up, pay, players_of, registration
from tests.tournaments.factories import started
from tournaments.models import Round, Seat
from tournaments.services import progressive_finish

pytestmark = pytest.mark.django_db


def _lone_march_card(loner: str) -> list[dict]:
    """`loner` marches alone, then seven hands E-W make with three tricks."""
    hands = [{"dealer": "W", "maker_side": "NS", "alone": True, "loner_seat": loner, "tricks": 5}]
    hands += [{"dealer": "NESW"[i % 4], "maker_side": "EW", "tricks": 3} for i in range(7)]
    return hands


def test_the_nights_ledger_balances_after_prizes_and_the_loner_basket(
    django_capture_on_commit_callbacks,
) -> None:
    ledger, director = event_ledger(players=4, rounds=1)
    tournament = ledger.tournament
    sign_up = event_sign_up(ledger, fee_cents=1000)
    for player in players_of(ledger):
        pay(registration(sign_up, player=player), 1000, by=director)
    prizes = services.ledger_purse_set(
        ledger=ledger, by=director, kind="share", share_percent=80, split_percents=[60, 40]
    )
    assert prizes == [1920, 1280]  # 80% of $40.00, 60/40
    basket = pot_services.pot_create(
        ledger=ledger, by=director, name="Loner basket", kind="loner_basket", buy_in_cents=200
    )
    pot_services.pot_buy_ins_record(
        pot=basket, by=director, player_ids=[p.pk for p in players_of(ledger)]
    )

    started(tournament)
    table = Round.objects.get(tournament=tournament, number=1).tables.get()
    card, _ = Scorecard.objects.get_or_create(game=table.game)
    with django_capture_on_commit_callbacks(execute=True):
        scorecard_settle(
            scorecard=card, user=director, reason="Cards in", hands=_lone_march_card("N")
        )
    progressive_finish(tournament=tournament, by=director)
    tournament.refresh_from_db()

    north = Seat.objects.get(table=table, seat="N").entry.player
    amount, plan = pot_services.loner_plan(basket)
    assert amount == 800 and [(s.key, s.cents) for s, _ in plan] == [(north.pk, 800)]
    pot_services.pot_loner_pay_out(pot=basket, by=director, expected={north.pk: 800})

    due = prizes_due(tournament)
    assert sum(p.cents for p in due) == 3200
    for prize in due:
        pot_services.prize_pay(ledger=ledger, by=director, entry_id=prize.entry.pk)
    services.ledger_close(ledger=ledger, by=director)

    ledger.refresh_from_db()
    summary = selectors.ledger_summary(ledger)
    lines = selectors.ledger_lines(ledger)
    assert summary.sums.fees_paid == 4000
    assert summary.purse == 3200 == summary.sums.prizes_paid
    assert (summary.pots[0].bought_in, summary.pots[0].left) == (800, 0)
    assert (
        summary.balance
        == 800
        == lines[-1].balance
        == sum(line.entry.amount_cents for line in lines)
    )
    assert summary.dues.outstanding == 0
