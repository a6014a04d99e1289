"""Corrections and closing: a correction points at a line of its own ledger, with an
amount and a reason; after closing, corrections only, and late card refunds marked."""

import pytest
from django.core.exceptions import ValidationError

from activity.models import Activity, Verb
from money.ledger import selectors, services
from money.models import Ledger, LedgerEntry
from tests.money.ledger.helpers import event_ledger, event_sign_up, pay, refund, registration
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _finish(ledger: Ledger) -> None:
    Tournament.objects.filter(pk=ledger.tournament_id).update(status=Tournament.Status.FINISHED)


def test_a_correction_points_at_its_line_and_counts_under_its_kind() -> None:
    ledger, director = event_ledger()
    sign_up = event_sign_up(ledger)
    payment = pay(registration(sign_up), 1000)
    fee = LedgerEntry.objects.get(payment=payment)
    fix = services.ledger_correct(
        ledger=ledger, by=director, entry_id=fee.pk, amount_cents=-250, reason="Paid 7.50, not 10"
    )
    assert fix.corrects == fee and fix.kind == "correction"
    summary = selectors.ledger_summary(ledger)
    assert (summary.sums.fees_paid, summary.balance) == (750, 750)


@pytest.mark.parametrize("amount, reason", [(0, "Typo"), (100, ""), (100, "x" * 201)])
def test_a_correction_needs_an_amount_and_a_reason(amount, reason) -> None:
    ledger, director = event_ledger()
    line = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    with pytest.raises(ValidationError):
        services.ledger_correct(
            ledger=ledger, by=director, entry_id=line.pk, amount_cents=amount, reason=reason
        )
    assert ledger.entries.count() == 1


def test_a_line_of_another_ledger_is_not_corrected_here() -> None:
    ledger, director = event_ledger()
    other, other_director = event_ledger()
    theirs = services.ledger_line_add(
        ledger=other, by=other_director, kind="income", amount_cents=500
    )
    with pytest.raises(ValidationError, match="not in this ledger"):
        services.ledger_correct(
            ledger=ledger, by=director, entry_id=theirs.pk, amount_cents=-500, reason="Wrong night"
        )
    with pytest.raises(ValidationError, match="not in this ledger"):
        services.ledger_correct(
            ledger=ledger, by=director, entry_id=999_999, amount_cents=-5, reason="No such line"
        )


def test_a_correction_is_not_corrected_again() -> None:
    ledger, director = event_ledger()
    line = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    fix = services.ledger_correct(
        ledger=ledger, by=director, entry_id=line.pk, amount_cents=-5, reason="Short"
    )
    with pytest.raises(ValidationError, match="original line"):
        services.ledger_correct(
            ledger=ledger, by=director, entry_id=fix.pk, amount_cents=5, reason="Back"
        )


def test_a_ledger_is_closed_once_the_event_is_finished() -> None:
    ledger, director = event_ledger()
    with pytest.raises(ValidationError, match="Finish the event"):
        services.ledger_close(ledger=ledger, by=director)
    _finish(ledger)
    closed = services.ledger_close(ledger=ledger, by=director)
    assert closed.closed_at is not None and closed.closed_by == director
    assert Activity.objects.filter(verb=Verb.LEDGER_CLOSED).count() == 1


def test_after_closing_only_corrections_are_posted() -> None:
    ledger, director = event_ledger()
    line = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    _finish(ledger)
    services.ledger_close(ledger=ledger, by=director)
    with pytest.raises(ValidationError, match="closed"):
        services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    with pytest.raises(ValidationError, match="closed"):
        services.ledger_purse_set(ledger=ledger, by=director, kind="fixed", fixed_cents=100)
    with pytest.raises(ValidationError, match="closed"):
        services.ledger_close(ledger=ledger, by=director)
    fix = services.ledger_correct(
        ledger=ledger, by=director, entry_id=line.pk, amount_cents=-100, reason="Counted twice"
    )
    lines = selectors.ledger_lines(ledger)
    assert [line.entry for line in lines][-1] == fix
    assert not any(line.after_closing for line in lines)


def test_a_card_refund_after_closing_is_posted_and_marked() -> None:
    ledger, director = event_ledger()
    sign_up = event_sign_up(ledger)
    payment = pay(registration(sign_up), 1000, method="card")
    _finish(ledger)
    services.ledger_close(ledger=ledger, by=director)
    refund(payment, 1000)
    ledger.refresh_from_db()
    lines = selectors.ledger_lines(ledger)
    assert [(line.entry.kind, line.after_closing) for line in lines] == [
        ("fee", False),
        ("refund", True),
    ]
    assert selectors.ledger_summary(ledger).balance == 0


def test_an_entry_is_never_changed_or_deleted() -> None:
    ledger, director = event_ledger()
    line = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    line.amount_cents = 1
    with pytest.raises(ValueError):
        line.save()
    with pytest.raises(ValueError):
        line.delete()
