"""Side pots and prizes on an event's ledger: setting a pot up, buy-ins, paying a pot out,
paying the prizes the results award.

Doubles are guarded by the database (one buy-in and one payout per player and pot, one
prize per entry: partial unique constraints), a pot is paid out once (its row locked,
`paid_out_at` set), and every amount is checked against what is there.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from money.amounts import cents_text
from money.ledger import pots as split
from money.ledger.event_reads import event_players, lone_hands_made, prizes_due
from money.ledger.selectors import pot_left
from money.ledger.services import check_amount, check_text, locked, log, post
from money.models import Ledger, LedgerEntry, SidePot
from money.models.ledger import NAME_MAX, NOTE_MAX
from tournaments.models import Tournament

METHODS = (LedgerEntry.Method.CASH, LedgerEntry.Method.OTHER)
PAID_OUT = "This pot has been paid out already."


def _method(method: str) -> str:
    if method not in METHODS:
        raise ValidationError("Paid in cash or another way.")
    return method


def _event(ledger: Ledger) -> Tournament:
    if ledger.tournament_id is None:
        raise ValidationError("Side pots and the results' prizes belong to an event's ledger.")
    return Tournament.objects.get(pk=ledger.tournament_id)


def _pot(ledger: Ledger, pot: SidePot) -> SidePot:
    """The pot, locked, once it is this ledger's and not paid out."""
    fresh = SidePot.objects.select_for_update().get(pk=pot.pk)
    if fresh.ledger_id != ledger.pk:
        raise ValidationError("That pot is not in this ledger.")
    if fresh.paid_out_at is not None:
        raise ValidationError(PAID_OUT)
    return fresh


@transaction.atomic
def pot_create(*, ledger: Ledger, by: Any, name: str, kind: str, buy_in_cents: int) -> SidePot:
    ledger = locked(ledger, by)
    _event(ledger)
    name = check_text(name, "the pot's name", NAME_MAX, required=True)
    if kind not in SidePot.Kind.values:
        raise ValidationError("A pot is a loner basket or a plain pot.")
    check_amount(buy_in_cents, "The buy-in")
    try:
        with transaction.atomic():
            pot = SidePot.objects.create(
                ledger=ledger, name=name, kind=kind, buy_in_cents=buy_in_cents
            )
    except IntegrityError:
        raise ValidationError(f"There is already a pot called {name}.") from None
    log(ledger, by, pot, f"Side pot {name}: {cents_text(buy_in_cents, ledger.currency)} a player")
    return pot


@transaction.atomic
def pot_buy_ins_record(
    *, pot: SidePot, by: Any, player_ids: Iterable[int], method: str = LedgerEntry.Method.CASH
) -> tuple[int, int]:
    """A buy-in for each player ticked (the event's players only); a player already in is
    left as they are, so a double submit posts nothing more. Returns (posted, already in)."""
    ledger = locked(pot.ledger, by)
    pot = _pot(ledger, pot)
    _method(method)
    wanted = set(player_ids)
    players = {p.pk: p for p in event_players(_event(ledger))}
    strangers = wanted - set(players)
    if strangers:
        raise ValidationError("Only the event's players can buy into its pots.")
    if not wanted:
        raise ValidationError("Tick the players who bought in.")
    posted = already = 0
    for player_id in sorted(wanted):
        try:
            post(
                ledger,
                by,
                kind=LedgerEntry.Kind.BUY_IN,
                amount_cents=pot.buy_in_cents,
                method=method,
                pot=pot,
                player_id=player_id,
                party=players[player_id].name[:NAME_MAX],
            )
            posted += 1
        except IntegrityError:  # bought in already (the constraint is the guard)
            already += 1
    return posted, already


def loner_plan(pot: SidePot) -> tuple[int, list[tuple[split.Share, str]]]:
    """What paying the basket out now would post: (basket, [(share, player's name)])."""
    basket = pot_left(pot)
    made = lone_hands_made(Tournament.objects.get(pk=pot.ledger.tournament_id))
    shares = split.loner_basket_split(basket, {pk: n for pk, (_, n) in made.items()})
    return basket, [(share, made[share.key][0]) for share in shares]


@transaction.atomic
def pot_loner_pay_out(
    *, pot: SidePot, by: Any, expected: Mapping[int, int] | None = None
) -> list[LedgerEntry]:
    """The loner basket over the lone hands made: one payout per player who made one. With
    `expected` (player -> cents, as shown to the director), a plan that changed meanwhile
    (a card confirmed, a buy-in posted) is refused so they can look again. No lone hand
    made: nothing is paid and the basket stays."""
    ledger = locked(pot.ledger, by)
    pot = _pot(ledger, pot)
    if pot.kind != SidePot.Kind.LONER_BASKET:
        raise ValidationError("A plain pot is paid out by hand.")
    basket, plan = loner_plan(pot)
    if basket <= 0:
        raise ValidationError("The basket is empty: record the buy-ins first.")
    if not plan:
        raise ValidationError("No lone hand made yet on the hand-by-hand cards: the basket stays.")
    if expected is not None and dict(expected) != {s.key: s.cents for s, _ in plan}:
        raise ValidationError("The lone hands or the basket changed since you looked: check again.")
    entries = [
        post(
            ledger,
            by,
            kind=LedgerEntry.Kind.POT_PAYOUT,
            amount_cents=-share.cents,
            method=LedgerEntry.Method.CASH,
            pot=pot,
            player_id=share.key,
            party=name[:NAME_MAX],
            note=f"{share.weight} lone hand{'s' if share.weight != 1 else ''} made",
        )
        for share, name in plan
    ]
    pot.paid_out_at = timezone.now()
    pot.save(update_fields=["paid_out_at"])
    return entries


@transaction.atomic
def pot_pay(
    *,
    pot: SidePot,
    by: Any,
    amount_cents: int,
    party: str,
    method: str = LedgerEntry.Method.CASH,
    note: str = "",
) -> LedgerEntry:
    """Pay (part of) a plain pot by hand; it counts as paid out once nothing is left."""
    ledger = locked(pot.ledger, by)
    pot = _pot(ledger, pot)
    if pot.kind != SidePot.Kind.PLAIN:
        raise ValidationError("A loner basket is paid out over the lone hands made.")
    check_amount(amount_cents)
    _method(method)
    party = check_text(party, "who was paid", NAME_MAX, required=True)
    note = check_text(note, "the note", NOTE_MAX)
    left = pot_left(pot)
    if amount_cents > left:
        raise ValidationError(
            f"The pot holds {cents_text(left, ledger.currency)}: pay at most that."
        )
    entry = post(
        ledger,
        by,
        kind=LedgerEntry.Kind.POT_PAYOUT,
        amount_cents=-amount_cents,
        method=method,
        pot=pot,
        party=party,
        note=note,
    )
    if amount_cents == left:
        pot.paid_out_at = timezone.now()
        pot.save(update_fields=["paid_out_at"])
    return entry


@transaction.atomic
def prize_pay(
    *,
    ledger: Ledger,
    by: Any,
    entry_id: int,
    amount_cents: int | None = None,
    party: str = "",
    method: str = LedgerEntry.Method.CASH,
) -> LedgerEntry:
    """Mark the prize the results award an entry paid (by default in full, to the entry);
    a prize is paid once (the constraint answers a double submit)."""
    ledger = locked(ledger, by)
    due = {p.entry.pk: p for p in prizes_due(_event(ledger))}
    prize = due.get(entry_id)
    if prize is None:
        raise ValidationError("The event's results pay that entry no prize.")
    amount = prize.cents if amount_cents is None else check_amount(amount_cents)
    if amount > prize.cents:
        raise ValidationError(
            f"The prize is {cents_text(prize.cents, ledger.currency)}: pay at most that."
        )
    _method(method)
    party = check_text(party, "who was paid", NAME_MAX) or prize.entry.display_name[:NAME_MAX]
    try:
        return post(
            ledger,
            by,
            kind=LedgerEntry.Kind.PRIZE,
            amount_cents=-amount,
            method=method,
            prize_entry_id=entry_id,
            player_id=prize.entry.player_id,
            party=party,
            note=f"Place {prize.place}" + (f", flight {prize.flight}" if prize.flight else ""),
        )
    except IntegrityError:
        raise ValidationError(f"{prize.entry.display_name}'s prize is paid already.") from None
