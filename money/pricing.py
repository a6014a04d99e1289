"""What a registration owes at a moment: the sign-up's fee, its early price, its members' price.

Pure: no Django, no ORM. The service reads the sign-up and who is a member and asks here.

- No fee (`fee_cents` None): nothing is due.
- The early price applies strictly before `early_until` (a moment, time zone aware like `at`).
- Members pay the members' price. Per player, each member pays it and the others the price
  of the moment; per team (or pair), the team pays it only when every one of its players is
  a member.
- A person is never charged more for being early or a member: the lowest price that applies.
"""

import datetime
from dataclasses import dataclass

PER_TEAM, PER_PLAYER = "team", "player"


@dataclass(frozen=True)
class Fees:
    fee_cents: int | None
    fee_per: str = PER_TEAM
    early_fee_cents: int | None = None
    early_until: datetime.datetime | None = None
    member_fee_cents: int | None = None


def price_now(fees: Fees, at: datetime.datetime) -> int:
    """The price of one unit (a team or a player) for someone who isn't a member."""
    if fees.fee_cents is None:
        return 0
    early = fees.early_fee_cents is not None and fees.early_until is not None
    if early and at < fees.early_until:  # type: ignore[operator]
        return min(fees.fee_cents, fees.early_fee_cents)  # type: ignore[type-var]
    return fees.fee_cents


def member_price(fees: Fees, at: datetime.datetime) -> int:
    """The price of one unit for a member (never above the price of the moment)."""
    now = price_now(fees, at)
    if fees.member_fee_cents is None or fees.fee_cents is None:
        return now
    return min(now, fees.member_fee_cents)


def fee_due(fees: Fees, *, at: datetime.datetime, players: int, members: int = 0) -> int:
    """What a registration of `players` people, `members` of them on the member list, owes
    when its place is taken at `at`."""
    if players < 1:
        raise ValueError("A registration has at least one player.")
    if not 0 <= members <= players:
        raise ValueError("Members are some of the registration's players.")
    if fees.fee_cents is None:
        return 0
    if fees.fee_per == PER_PLAYER:
        return members * member_price(fees, at) + (players - members) * price_now(fees, at)
    return member_price(fees, at) if members == players else price_now(fees, at)
