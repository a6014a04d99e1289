"""Reads for a ledger's page and its CSV: the lines with their running balance, the totals,
the fees due, and each side pot.

A handful of queries whatever the number of lines (the lines with who and what they
correct in one; the pots, the registrations' dues and what each paid in three more).
"""

from dataclasses import dataclass

from django.db.models import Count, QuerySet, Sum

from money.ledger import pots as split
from money.ledger import sums
from money.models import Ledger, LedgerEntry, Payment, Refund, Registration, SidePot, SignUp


@dataclass
class Line:
    entry: LedgerEntry
    balance: int
    after_closing: bool  # a payment or refund that arrived once the ledger was closed


@dataclass
class PotRow:
    pot: SidePot
    bought_in: int
    paid_out: int
    left: int
    players: int  # buy-ins recorded


@dataclass
class Dues:
    due: int  # what the registrations holding a place owe
    outstanding: int  # what of it is not paid yet (net of refunds)
    registrations: int


@dataclass
class Summary:
    sums: sums.Sums
    dues: Dues
    purse: int
    pots: list[PotRow]

    @property
    def balance(self) -> int:
        return self.sums.balance


def ledger_entries(ledger: Ledger) -> QuerySet[LedgerEntry]:
    return ledger.entries.select_related("by", "player", "pot", "corrects", "prize_entry").order_by(
        "at", "pk"
    )


def effective_kind(entry: LedgerEntry) -> str:
    """A correction counts under the kind of the line it corrects."""
    if entry.kind == LedgerEntry.Kind.CORRECTION and entry.corrects is not None:
        return entry.corrects.kind
    return entry.kind


def ledger_lines(ledger: Ledger, entries: list[LedgerEntry] | None = None) -> list[Line]:
    entries = list(ledger_entries(ledger)) if entries is None else entries
    balances = sums.running_balances(e.amount_cents for e in entries)
    closed = ledger.closed_at
    return [
        Line(
            entry,
            balance,
            closed is not None and entry.at > closed and entry.kind != LedgerEntry.Kind.CORRECTION,
        )
        for entry, balance in zip(entries, balances, strict=True)
    ]


def ledger_sums(entries: list[LedgerEntry]) -> sums.Sums:
    return sums.sums([sums.Amount(effective_kind(e), e.amount_cents, e.pot_id) for e in entries])


def ledger_sign_up(ledger: Ledger) -> SignUp | None:
    if ledger.season_id is not None:
        return SignUp.objects.filter(season_id=ledger.season_id).first()
    return SignUp.objects.filter(tournament_id=ledger.tournament_id).first()


def fees_due(ledger: Ledger) -> Dues:
    """From the sign-up's registrations holding a place: what they owe, and what is still
    outstanding, each registration's paid (less refunded) set against its own due."""
    sign_up = ledger_sign_up(ledger)
    if sign_up is None:
        return Dues(0, 0, 0)
    placed = dict(
        Registration.objects.filter(sign_up=sign_up, state__in=Registration.PLACED).values_list(
            "pk", "fee_due_cents"
        )
    )
    paid = dict(
        Payment.objects.filter(registration_id__in=placed, state=Payment.State.PAID)
        .values("registration_id")
        .annotate(total=Sum("amount_cents"))
        .values_list("registration_id", "total")
    )
    refunded = dict(
        Refund.objects.filter(payment__registration_id__in=placed, state=Refund.State.DONE)
        .values("payment__registration_id")
        .annotate(total=Sum("amount_cents"))
        .values_list("payment__registration_id", "total")
    )
    outstanding = sum(
        max(0, due - paid.get(pk, 0) + refunded.get(pk, 0)) for pk, due in placed.items()
    )
    return Dues(sum(placed.values()), outstanding, len(placed))


def purse_cents(ledger: Ledger, fees_net: int) -> int:
    """None, the fixed sum, or the share of the entry fees paid (less refunds)."""
    if ledger.purse_kind == Ledger.PurseKind.FIXED:
        return ledger.purse_fixed_cents
    if ledger.purse_kind == Ledger.PurseKind.SHARE:
        return split.share_of(fees_net, ledger.purse_share_percent)
    return 0


def pot_rows(ledger: Ledger, totals: sums.Sums) -> list[PotRow]:
    rows = []
    counts = dict(
        LedgerEntry.objects.filter(ledger=ledger, kind=LedgerEntry.Kind.BUY_IN)
        .values("pot_id")
        .annotate(n=Count("pk"))
        .values_list("pot_id", "n")
    )
    for pot in ledger.pots.all():
        pot_sums = totals.pots.get(pot.pk, sums.PotSums())
        rows.append(
            PotRow(pot, pot_sums.bought_in, pot_sums.paid_out, pot_sums.left, counts.get(pot.pk, 0))
        )
    return rows


def ledger_summary(ledger: Ledger, entries: list[LedgerEntry] | None = None) -> Summary:
    entries = list(ledger_entries(ledger)) if entries is None else entries
    totals = ledger_sums(entries)
    return Summary(
        totals, fees_due(ledger), purse_cents(ledger, totals.fees_net), pot_rows(ledger, totals)
    )


def pot_left(pot: SidePot) -> int:
    """What is in the pot now: its buy-ins and their corrections, less what was paid out."""
    entries = list(pot.entries.select_related("corrects"))
    totals = ledger_sums(entries)
    return totals.pots.get(pot.pk, sums.PotSums()).left
