"""Splitting money in whole cents, every cent accounted for: the loner basket over the lone
hands made, the purse over the places, a share of the entry fees.

Pure: no Django. Remainders go out one cent at a time in a fixed order, so the same input
always gives the same split and the parts always add up to the whole.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

PLACES_MAX = 50


@dataclass(frozen=True)
class Share:
    key: int  # the player (or place) paid
    weight: int  # lone hands made (or the place's percent)
    cents: int


def split_by_weight(total: int, weights: Mapping[int, int]) -> list[Share]:
    """`total` cents over the keys in proportion to their weights (zero weights get nothing).

    Each key first gets the floor of its exact share; the cents left over go one each to
    the largest fractions, ties to the larger weight, then to the lower key. No weight at
    all: nothing is split (the money stays where it is).
    """
    if total < 0:
        raise ValueError("Only money in hand can be split.")
    counted = {key: w for key, w in weights.items() if w > 0}
    whole = sum(counted.values())
    if total == 0 or whole == 0:
        return []
    floors = {key: total * w // whole for key, w in counted.items()}
    left = total - sum(floors.values())
    # The fraction each floor dropped, as its numerator over `whole` (exact, no floats).
    order = sorted(counted, key=lambda key: (-(total * counted[key] % whole), -counted[key], key))
    for key in order[:left]:
        floors[key] += 1
    return [Share(key, counted[key], floors[key]) for key in sorted(counted)]


def loner_basket_split(basket_cents: int, lone_hands: Mapping[int, int]) -> list[Share]:
    """The basket shared over the players by lone hands made (player id -> count)."""
    return split_by_weight(basket_cents, lone_hands)


def purse_split_problems(percents: Sequence[int]) -> list[str]:
    """What is wrong with a purse split (percent per place, first place first)."""
    problems = []
    if len(percents) > PLACES_MAX:
        problems.append(f"At most {PLACES_MAX} paid places.")
    if any(p <= 0 or p > 100 for p in percents):
        problems.append("Each place's share is a whole percent from 1 to 100.")
    elif sum(percents) > 100:
        problems.append(f"The shares add up to {sum(percents)}%: at most 100%.")
    return problems


def purse_prizes(purse_cents: int, percents: Sequence[int]) -> list[int]:
    """Cents per place from the purse and the split. Shares adding up to 100% use every
    cent (the rounding's cents go to the best places first); less than 100% leaves the
    rest of the purse unallocated."""
    problems = purse_split_problems(percents)
    if problems:
        raise ValueError(" ".join(problems))
    if not percents or purse_cents <= 0:
        return [0] * len(percents)
    allotted = purse_cents * sum(percents) // 100
    whole = sum(percents)
    prizes = [allotted * p // whole for p in percents]
    for place in range(allotted - sum(prizes)):  # fewer cents left than places
        prizes[place] += 1
    return prizes


def share_of(total_cents: int, percent: int) -> int:
    """`percent` of `total_cents`, rounded down to the cent (the house keeps the fraction)."""
    if not 0 <= percent <= 100:
        raise ValueError("A share is a percent from 0 to 100.")
    return max(0, total_cents) * percent // 100
