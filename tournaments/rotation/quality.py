"""Quality metrics and lower bounds of progressive rotations (pure functions)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import ceil
from typing import Any

from tournaments.rotation.types import Quality, Round


def table_relations(table) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
    """(partner pairs, opponent pairs) of one table; a lone player has no partner."""
    partners = [tuple(side) for side in (table.ns, table.ew) if len(side) == 2]
    opponents = [(a, b) for a in table.ns for b in table.ew]
    return partners, opponents


def pair_counts(rounds: Iterable[Round]) -> tuple[dict, dict, dict]:
    """Counts keyed by ``frozenset({a, b})``: (partnered, opposed, met at a table)."""
    partner: dict[frozenset, int] = {}
    opponent: dict[frozenset, int] = {}
    meet: dict[frozenset, int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            partners, opponents = table_relations(table)
            for counts, pairs in ((partner, partners), (opponent, opponents)):
                for a, b in pairs:
                    key = frozenset((a, b))
                    counts[key] = counts.get(key, 0) + 1
                    meet[key] = meet.get(key, 0) + 1
    return partner, opponent, meet


def sit_out_counts(players: Sequence, rounds: Iterable[Round]) -> dict:
    counts = {p: 0 for p in players}
    for rnd in rounds:
        for p in rnd.sitting_out:
            if p in counts:
                counts[p] += 1
    return counts


def rotation_quality(players: Sequence, rounds_list: Iterable[Round]) -> Quality:
    """Quality of a rotation; pair metrics count every pair that ever met (withdrawn
    players included), the sit-out spread only the given players."""
    rounds_list = list(rounds_list)
    partner, opponent, meet = pair_counts(rounds_list)
    sits = sit_out_counts(players, rounds_list)
    spread = max(sits.values()) - min(sits.values()) if sits and any(sits.values()) else 0
    return Quality(
        partner_max=max(partner.values(), default=0),
        opponent_max=max(opponent.values(), default=0),
        meet_max=max(meet.values(), default=0),
        sit_out_spread=spread,
    )


def lower_bounds(n_players: int, n_rounds: int) -> tuple[int, int]:
    """(opponent_max, meet_max) lower bounds: ceil(2R/(N-1)) and ceil(3R/(N-1))."""
    if n_players < 2:
        return 0, 0
    return ceil(2 * n_rounds / (n_players - 1)), ceil(3 * n_rounds / (n_players - 1))


def sit_outs_are_fair(players: Sequence, rounds: Iterable[Round]) -> bool:
    """True when, after every round, sit-out counts differ by at most one: nobody sits
    out a second time before everyone has sat out once (and so on)."""
    counts = {p: 0 for p in players}
    for rnd in rounds:
        for p in rnd.sitting_out:
            if p in counts:
                counts[p] += 1
        if counts and max(counts.values()) - min(counts.values()) > 1:
            return False
    return True
