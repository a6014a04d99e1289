"""Plain value types of a progressive-euchre rotation (no Django, no behaviour).

A *table* seats two partnerships: ``ns`` and ``ew``. A three-handed table (the
``"three_handed"`` sit-out rule) is a table whose ``ew`` side holds a single
player: ``Table(number, ns=(a, b), ew=(c,))`` means *a* and *b* are partners
playing against *c*, who plays every hand alone. Three-handed tables are always
the last tables of their round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Table:
    number: int
    ns: tuple[Any, ...]
    ew: tuple[Any, ...]

    @property
    def players(self) -> tuple[Any, ...]:
        return self.ns + self.ew

    @property
    def is_three_handed(self) -> bool:
        return len(self.ns) + len(self.ew) == 3


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    sitting_out: tuple[Any, ...] = ()

    @property
    def players(self) -> tuple[Any, ...]:
        """Everybody seated this round (not the ones sitting out)."""
        return tuple(p for table in self.tables for p in table.players)


@dataclass(frozen=True)
class Quality:
    """How evenly a rotation mixes players.

    ``partner_max``: most rounds any pair were partners; ``opponent_max``: most
    rounds any pair sat at the same table on opposite sides; ``meet_max``: most
    rounds any pair sat at the same table; ``sit_out_spread``: largest minus
    smallest number of sit-outs among the players (0 when nobody sits out).
    """

    partner_max: int
    opponent_max: int
    meet_max: int
    sit_out_spread: int
