"""How many tables the players at the door fill: the door's "seats" counter.

Pure: no Django. Progressive events seat four players a table; the one to three left over
sit out each round, except that three left over make a three-handed table when the event's
sit-out rule says so (as `tournaments.rotation` draws it). Partners events seat two teams a
table, an odd team out having a bye.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seating:
    tables: int
    left_over: int  # players sitting out each round, or a team with a bye
    three_handed: bool = False  # progressive: the three left over play at a last table
    teams: bool = False

    def __str__(self) -> str:
        tables = f"{self.tables} table{'s' * (self.tables != 1)}"
        if self.three_handed:
            return f"{tables} and a three-handed table"
        if not self.left_over:
            return tables
        if self.teams:
            return f"{tables} · one team has a bye"
        verb = "sits" if self.left_over == 1 else "sit"
        return f"{tables} · {self.left_over} {verb} out each round"


def seating_for(*, checked_in: int, teams: bool, three_handed_rule: bool = False) -> Seating:
    """The tables `checked_in` players (or teams, for partners events) fill."""
    if teams:
        return Seating(tables=checked_in // 2, left_over=checked_in % 2, teams=True)
    tables, left_over = divmod(checked_in, 4)
    if three_handed_rule and left_over == 3 and tables:
        return Seating(tables=tables, left_over=0, three_handed=True)
    return Seating(tables=tables, left_over=left_over)
