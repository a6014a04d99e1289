"""Double submits and two directors at once, as real concurrent calls on PostgreSQL: the
constraints and the locks decide, nothing is posted twice."""

import pytest
from django.core.exceptions import ValidationError

from money.ledger import pot_services, selectors, services
from money.models import LedgerEntry
from tests.concurrency import at_once
from tests.money.ledger.helpers import event_ledger, lone_hands, players_of

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_a_double_submit_of_buy_ins_posts_each_once() -> None:
    ledger, director = event_ledger()
    pot = pot_services.pot_create(
        ledger=ledger, by=director, name="Loners", kind="loner_basket", buy_in_cents=200
    )
    ids = [p.pk for p in players_of(ledger)]

    def submit():
        return pot_services.pot_buy_ins_record(pot=pot, by=director, player_ids=ids)

    outcomes = at_once(submit, submit)
    assert sorted(outcomes) == [(0, 4), (4, 0)]
    assert pot.entries.filter(kind="buy_in").count() == 4


def test_the_basket_is_paid_out_once_when_two_confirm_at_once() -> None:
    ledger, director = event_ledger()
    pot = pot_services.pot_create(
        ledger=ledger, by=director, name="Loners", kind="loner_basket", buy_in_cents=200
    )
    pot_services.pot_buy_ins_record(
        pot=pot, by=director, player_ids=[p.pk for p in players_of(ledger)]
    )
    lone_hands(ledger, players_of(ledger)[0], 1)

    def confirm():
        return pot_services.pot_loner_pay_out(pot=pot, by=director)

    outcomes = at_once(confirm, confirm)
    assert sum(isinstance(o, ValidationError) for o in outcomes) == 1
    assert pot.entries.filter(kind="pot_payout").count() == 1
    assert selectors.pot_left(pot) == 0


def test_closing_and_a_line_at_once_leave_no_line_after_closing() -> None:
    ledger, director = event_ledger()
    ledger.tournament.status = "finished"
    ledger.tournament.save(update_fields=["status"])

    def add():
        return services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)

    def close():
        return services.ledger_close(ledger=ledger, by=director)

    at_once(add, close)
    ledger.refresh_from_db()
    after = LedgerEntry.objects.filter(ledger=ledger, at__gt=ledger.closed_at)
    assert not after.exists()
