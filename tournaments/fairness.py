"""The fairness sheet of a progressive event: whom each player partnered and opposed, at
which tables, how often they sat out, and what the rotation guarantees.

Pure: no Django. Rounds come as `tournaments.rotation.Round` values over any player ids
(the selector passes entry ids); rounds numbered up to `so_far` have been played or are
being played, the others are drawn but may still be redrawn.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from tournaments.rotation import Round, lower_bounds, rotation_quality


@dataclass(frozen=True)
class Seen:
    other: Hashable
    times: int


@dataclass(frozen=True)
class Place:
    round: int
    table: int | None  # None: sat out, or not here
    # False: a round before a late arrival's first or after a withdrawal. Marked, so each
    # player's list has one place per round and reads in step with the rounds.
    here: bool = True


@dataclass(frozen=True)
class PlayerFairness:
    player: Hashable
    partners: tuple[Seen, ...]  # in the order first met
    opponents: tuple[Seen, ...]
    places: tuple[Place, ...]  # one per round so far
    sit_outs: int
    alone: int  # rounds played alone at a three-handed table


@dataclass(frozen=True)
class FairnessSheet:
    players: tuple[PlayerFairness, ...]
    guarantees: str  # one line; "" before anything is drawn
    rounds_so_far: int
    rounds_drawn: int


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def guarantee_line(players: Sequence[Hashable], rounds: Sequence[Round]) -> str:
    """What the drawn rotation promises, in one sentence: partners, opponents, sit-outs."""
    if not rounds:
        return ""
    quality = rotation_quality(players, rounds)
    opponent_bound, _ = lower_bounds(len(players), len(rounds))
    if quality.partner_max <= 1:
        parts = ["No one partners anyone twice"]
    else:
        parts = [f"No one partners anyone more than {_times(quality.partner_max)}"]
    if quality.opponent_max:
        fewest = " (the fewest possible)" if quality.opponent_max <= opponent_bound else ""
        parts.append(f"opponents at most {_times(quality.opponent_max)}{fewest}")
    if not any(rnd.sitting_out for rnd in rounds):
        parts.append("nobody sits out")
    elif quality.sit_out_spread <= 1:
        parts.append("sit-outs differ by at most one")
    else:
        parts.append(f"sit-outs differ by up to {quality.sit_out_spread}")
    return "; ".join(parts) + "."


def _count(seen: dict[Hashable, int], other: Hashable) -> None:
    seen[other] = seen.get(other, 0) + 1


def _every_round(places: list[Place], played: Sequence[Round]) -> tuple[Place, ...]:
    """One place per round so far: a round the player was not in is marked not here."""
    by_round = {place.round: place for place in places}
    return tuple(by_round.get(rnd.number, Place(rnd.number, None, here=False)) for rnd in played)


def fairness_sheet(
    players: Sequence[Hashable],
    rounds: Sequence[Round],
    so_far: int,
    guarantee_players: Sequence[Hashable] | None = None,
) -> FairnessSheet:
    """Each of `players` over the rounds numbered up to `so_far`; the guarantees over every
    drawn round, sit-outs judged among `guarantee_players` (those still playing; default all).
    """
    partners: dict[Hashable, dict[Hashable, int]] = {p: {} for p in players}
    opponents: dict[Hashable, dict[Hashable, int]] = {p: {} for p in players}
    places: dict[Hashable, list[Place]] = {p: [] for p in players}
    alone: dict[Hashable, int] = dict.fromkeys(players, 0)
    played = sorted((r for r in rounds if r.number <= so_far), key=lambda r: r.number)
    for rnd in played:
        for table in rnd.tables:
            for side, other_side in ((table.ns, table.ew), (table.ew, table.ns)):
                for player in side:
                    if player not in places:
                        continue  # someone not on the sheet (not asked for)
                    places[player].append(Place(rnd.number, table.number))
                    for mate in side:
                        if mate != player:
                            _count(partners[player], mate)
                    if len(side) == 1:
                        alone[player] += 1
                    for other in other_side:
                        _count(opponents[player], other)
        for player in rnd.sitting_out:
            if player in places:
                places[player].append(Place(rnd.number, None))
    rows = tuple(
        PlayerFairness(
            player=p,
            partners=tuple(Seen(o, n) for o, n in partners[p].items()),
            opponents=tuple(Seen(o, n) for o, n in opponents[p].items()),
            places=_every_round(places[p], played),
            sit_outs=sum(1 for place in places[p] if place.table is None),
            alone=alone[p],
        )
        for p in players
    )
    judged = list(players if guarantee_players is None else guarantee_players)
    return FairnessSheet(
        players=rows,
        guarantees=guarantee_line(judged, rounds),
        rounds_so_far=len(played),
        rounds_drawn=len(rounds),
    )
