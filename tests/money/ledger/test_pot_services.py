"""Side pots and prizes: buy-ins once, a basket paid out once over the lone hands made,
plain pots by hand within what they hold, each prize paid once."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from money.ledger import pot_services, selectors, services
from money.ledger.event_reads import PrizeDue, lone_hands_made
from money.models import LedgerEntry, SidePot
from tests.factories import director_user
from tests.money.ledger.helpers import event_ledger, lone_hands, players_of, season_ledger
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _basket(ledger, director, buy_in=200, kind="loner_basket"):
    return pot_services.pot_create(
        ledger=ledger, by=director, name="Loners", kind=kind, buy_in_cents=buy_in
    )


def _buy_in_everyone(pot, director):
    ids = [p.pk for p in players_of(pot.ledger)]
    return pot_services.pot_buy_ins_record(pot=pot, by=director, player_ids=ids)


def test_a_pot_is_set_up_once_by_name_with_a_positive_buy_in() -> None:
    ledger, director = event_ledger()
    _basket(ledger, director)
    with pytest.raises(ValidationError, match="already a pot"):
        _basket(ledger, director)
    for bad in (0, -200):
        with pytest.raises(ValidationError):
            pot_services.pot_create(
                ledger=ledger, by=director, name="Other", kind="plain", buy_in_cents=bad
            )
    with pytest.raises(ValidationError):
        pot_services.pot_create(ledger=ledger, by=director, name="", kind="plain", buy_in_cents=5)
    assert SidePot.objects.count() == 1


def test_a_season_ledger_has_no_side_pots() -> None:
    ledger, manager = season_ledger()
    with pytest.raises(ValidationError, match="event"):
        _basket(ledger, manager)


def test_buy_ins_are_recorded_once_each_even_when_submitted_twice() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director)
    assert _buy_in_everyone(pot, director) == (4, 0)
    assert _buy_in_everyone(pot, director) == (0, 4)
    assert pot.entries.filter(kind="buy_in").count() == 4
    assert selectors.pot_left(pot) == 800


def test_only_the_events_players_buy_in() -> None:
    ledger, director = event_ledger()
    other, _ = event_ledger()
    pot = _basket(ledger, director)
    stranger = players_of(other)[0]
    with pytest.raises(ValidationError, match="event's players"):
        pot_services.pot_buy_ins_record(pot=pot, by=director, player_ids=[stranger.pk])
    with pytest.raises(ValidationError, match="Tick"):
        pot_services.pot_buy_ins_record(pot=pot, by=director, player_ids=[])
    assert not LedgerEntry.objects.exists()


def test_the_basket_is_split_over_the_lone_hands_made() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director, buy_in=250)
    _buy_in_everyone(pot, director)  # 1000
    one, two, three, _ = players_of(ledger)
    lone_hands(ledger, one, 2)
    lone_hands(ledger, two, 1)
    lone_hands(ledger, three, 0)
    basket, plan = pot_services.loner_plan(pot)
    assert basket == 1000
    assert [(s.key, s.cents) for s, _ in plan] == [(one.pk, 667), (two.pk, 333)]
    entries = pot_services.pot_loner_pay_out(
        pot=pot, by=director, expected={one.pk: 667, two.pk: 333}
    )
    assert sorted(e.amount_cents for e in entries) == [-667, -333]
    pot.refresh_from_db()
    assert pot.paid_out_at is not None and selectors.pot_left(pot) == 0
    summary = selectors.ledger_summary(ledger)
    assert (summary.pots[0].bought_in, summary.pots[0].paid_out, summary.balance) == (1000, 1000, 0)


def test_a_basket_is_paid_out_once() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director)
    _buy_in_everyone(pot, director)
    lone_hands(ledger, players_of(ledger)[0], 1)
    pot_services.pot_loner_pay_out(pot=pot, by=director)
    with pytest.raises(ValidationError, match="paid out already"):
        pot_services.pot_loner_pay_out(pot=pot, by=director)
    with pytest.raises(ValidationError, match="paid out already"):
        _buy_in_everyone(pot, director)
    assert pot.entries.filter(kind="pot_payout").count() == 1


def test_no_lone_hand_made_pays_nothing_and_the_basket_stays() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director)
    _buy_in_everyone(pot, director)
    with pytest.raises(ValidationError, match="the basket stays"):
        pot_services.pot_loner_pay_out(pot=pot, by=director)
    pot.refresh_from_db()
    assert pot.paid_out_at is None and selectors.pot_left(pot) == 800


def test_an_empty_basket_is_not_paid_out() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director)
    lone_hands(ledger, players_of(ledger)[0], 1)
    with pytest.raises(ValidationError, match="empty"):
        pot_services.pot_loner_pay_out(pot=pot, by=director)


def test_a_plan_that_changed_since_it_was_shown_is_refused() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director)
    _buy_in_everyone(pot, director)
    one, two, *_ = players_of(ledger)
    lone_hands(ledger, one, 1)
    shown = {one.pk: 800}
    lone_hands(ledger, two, 1)  # a card confirmed meanwhile
    with pytest.raises(ValidationError, match="changed"):
        pot_services.pot_loner_pay_out(pot=pot, by=director, expected=shown)
    assert not pot.entries.filter(kind="pot_payout").exists()


def test_lone_hands_come_from_the_hand_by_hand_cards_only() -> None:
    ledger, _ = event_ledger()
    one, two, *_ = players_of(ledger)
    lone_hands(ledger, one, 2)
    from tests.people.factories import line

    line(two, tournament=ledger.tournament, by_hand=False, lone_made=3)
    assert lone_hands_made(ledger.tournament) == {one.pk: (one.name, 2)}


def test_a_plain_pot_is_paid_by_hand_within_what_it_holds() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director, buy_in=500, kind="plain")
    _buy_in_everyone(pot, director)  # 2000
    with pytest.raises(ValidationError, match="at most"):
        pot_services.pot_pay(pot=pot, by=director, amount_cents=2001, party="Pat")
    with pytest.raises(ValidationError):
        pot_services.pot_pay(pot=pot, by=director, amount_cents=0, party="Pat")
    with pytest.raises(ValidationError, match="who was paid"):
        pot_services.pot_pay(pot=pot, by=director, amount_cents=100, party="")
    pot_services.pot_pay(pot=pot, by=director, amount_cents=1500, party="High hand")
    pot.refresh_from_db()
    assert pot.paid_out_at is None
    pot_services.pot_pay(pot=pot, by=director, amount_cents=500, party="Low hand")
    pot.refresh_from_db()
    assert pot.paid_out_at is not None
    with pytest.raises(ValidationError, match="paid out already"):
        pot_services.pot_pay(pot=pot, by=director, amount_cents=1, party="Anyone")


def test_a_basket_is_not_paid_by_hand_nor_a_plain_pot_by_lone_hands() -> None:
    ledger, director = event_ledger()
    basket = _basket(ledger, director)
    plain = pot_services.pot_create(
        ledger=ledger, by=director, name="50/50", kind="plain", buy_in_cents=100
    )
    with pytest.raises(ValidationError):
        pot_services.pot_pay(pot=basket, by=director, amount_cents=1, party="Pat")
    with pytest.raises(ValidationError):
        pot_services.pot_loner_pay_out(pot=plain, by=director)


def test_a_pot_of_another_ledger_is_refused() -> None:
    ledger, director = event_ledger()
    other, other_director = event_ledger()
    theirs = _basket(other, other_director)
    with pytest.raises(PermissionDenied):
        _buy_in_everyone(theirs, director)


def test_a_pot_correction_counts_in_the_pot() -> None:
    ledger, director = event_ledger()
    pot = _basket(ledger, director)
    _buy_in_everyone(pot, director)
    first = pot.entries.filter(kind="buy_in").first()
    services.ledger_correct(
        ledger=ledger, by=director, entry_id=first.pk, amount_cents=-200, reason="Gave it back"
    )
    assert selectors.pot_left(pot) == 600


def _due(ledger, cents=(5000, 3000)):
    entries = list(ledger.tournament.entries.select_related("player").order_by("number"))
    return [PrizeDue(entries[i], i + 1, "", c) for i, c in enumerate(cents)]


def test_each_prize_is_paid_once(monkeypatch) -> None:
    ledger, director = event_ledger()
    monkeypatch.setattr(pot_services, "prizes_due", lambda t: _due(ledger))
    first = _due(ledger)[0].entry
    paid = pot_services.prize_pay(ledger=ledger, by=director, entry_id=first.pk)
    assert (paid.amount_cents, paid.party, paid.prize_entry_id) == (
        -5000,
        first.display_name,
        first.pk,
    )
    with pytest.raises(ValidationError, match="paid already"):
        pot_services.prize_pay(ledger=ledger, by=director, entry_id=first.pk, amount_cents=100)
    assert selectors.ledger_summary(ledger).sums.prizes_paid == 5000


def test_a_prize_is_paid_within_what_the_results_award(monkeypatch) -> None:
    ledger, director = event_ledger()
    monkeypatch.setattr(pot_services, "prizes_due", lambda t: _due(ledger))
    second = _due(ledger)[1].entry
    with pytest.raises(ValidationError, match="at most"):
        pot_services.prize_pay(ledger=ledger, by=director, entry_id=second.pk, amount_cents=3001)
    with pytest.raises(ValidationError, match="no prize"):
        last = ledger.tournament.entries.order_by("number").last()
        pot_services.prize_pay(ledger=ledger, by=director, entry_id=last.pk)
    paid = pot_services.prize_pay(
        ledger=ledger,
        by=director,
        entry_id=second.pk,
        amount_cents=2500,
        party="Sam",
        method="other",
    )
    assert (paid.amount_cents, paid.party, paid.method) == (-2500, "Sam", "other")


def test_a_director_of_another_event_pays_no_prize(monkeypatch) -> None:
    ledger, _ = event_ledger()
    monkeypatch.setattr(pot_services, "prizes_due", lambda t: _due(ledger))
    other = director_user(
        tournament=Tournament.objects.exclude(pk=ledger.tournament_id).first()
        or event_ledger()[0].tournament
    )
    with pytest.raises(PermissionDenied):
        pot_services.prize_pay(ledger=ledger, by=other, entry_id=_due(ledger)[0].entry.pk)
