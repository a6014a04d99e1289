"""Prize money: split a purse over a final ranking, sharing ties fairly, in whole cents.

Tied players (equal scores, listed next to each other) pool the prizes of all
the places they occupy and split the pool equally, as the progressive rules
say ("ties are combined then split equally"). Money is integer cents and none
is lost: when a pool does not divide evenly, the leftover cents go one each to
the tied players listed first (list the ranking in your tiebreak order to
decide who gets the odd cent). Places beyond the purse win nothing.

Example: purse 100/60/20 dollars, two players tied for second: each gets
(60 + 20) / 2 = 40 dollars.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

type Player = Hashable


def split_prizes(
    purse_cents_by_place: Sequence[int], ranking: Sequence[tuple[Player, object]]
) -> dict[Player, int]:
    """Cents won by each ranked player, first place first.

    ``ranking`` is ``(player, score)`` best first; equal scores must be adjacent
    (they are the ties). Every ranked player gets an entry, 0 if out of the money.
    The total paid is the sum of the purse places the ranking covers.
    """
    if any(prize < 0 for prize in purse_cents_by_place):
        raise ValueError("a prize cannot be negative")
    players = [player for player, _ in ranking]
    if len(set(players)) != len(players):
        raise ValueError("a player is ranked twice")

    paid: dict[Player, int] = {}
    seen_scores: list[object] = []
    place = 0
    while place < len(ranking):
        score = ranking[place][1]
        if score in seen_scores:
            raise ValueError(f"players with score {score!r} are not listed together")
        seen_scores.append(score)
        end = place + 1
        while end < len(ranking) and ranking[end][1] == score:
            end += 1
        pool = sum(purse_cents_by_place[place:end])  # places past the purse add nothing
        share, odd_cents = divmod(pool, end - place)
        for offset, (player, _) in enumerate(ranking[place:end]):
            paid[player] = share + (offset < odd_cents)
        place = end
    return paid
