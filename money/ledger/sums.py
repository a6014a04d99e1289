"""The ledger's arithmetic: running balances and the totals by kind, from plain lines.

Pure: no Django. A correction counts under the kind of the line it corrects (a correction of
a fee changes the fees paid), so the totals always add up to the balance, and the balance
is the sum of the lines.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

KINDS = ("fee", "refund", "buy_in", "pot_payout", "prize", "income", "expense")


@dataclass(frozen=True)
class Amount:
    kind: str  # the line's kind; for a correction, the kind of the line it corrects
    cents: int  # signed: money in positive, money out negative
    pot_id: int | None = None


@dataclass
class PotSums:
    bought_in: int = 0
    paid_out: int = 0  # a positive number: what went out

    @property
    def left(self) -> int:
        return self.bought_in - self.paid_out


@dataclass
class Sums:
    by_kind: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    pots: dict[int, PotSums] = field(default_factory=dict)
    balance: int = 0

    @property
    def fees_paid(self) -> int:
        return self.by_kind["fee"]

    @property
    def refunded(self) -> int:
        return -self.by_kind["refund"]

    @property
    def fees_net(self) -> int:
        return self.fees_paid - self.refunded

    @property
    def bought_in(self) -> int:
        return self.by_kind["buy_in"]

    @property
    def pots_paid_out(self) -> int:
        return -self.by_kind["pot_payout"]

    @property
    def prizes_paid(self) -> int:
        return -self.by_kind["prize"]

    @property
    def other_in(self) -> int:
        return self.by_kind["income"]

    @property
    def other_out(self) -> int:
        return -self.by_kind["expense"]


def running_balances(amounts: Iterable[int]) -> list[int]:
    """The balance after each line, in order."""
    out, balance = [], 0
    for cents in amounts:
        balance += cents
        out.append(balance)
    return out


def sums(lines: Sequence[Amount]) -> Sums:
    total = Sums()
    for line in lines:
        total.by_kind[line.kind] = total.by_kind.get(line.kind, 0) + line.cents
        total.balance += line.cents
        if line.pot_id is not None:
            pot = total.pots.setdefault(line.pot_id, PotSums())
            if line.kind == "pot_payout":
                pot.paid_out -= line.cents
            else:
                pot.bought_in += line.cents
    return total
