"""What a game's pages and messages call its two sides.

A league game names each side by its team ("Left Bowers"); a game without teams (a
tournament table) keeps the seats, "N-S" and "E-W", followed by who sits there when
the players are known ("N-S · Ada & Ben"). Every card page, button and message reads
the names from here, so the naming is decided once.
"""

import re
from typing import Any

from scoring.engine import SIDE_LABELS

_SEAT_WORDS = re.compile("|".join(re.escape(label) for label in SIDE_LABELS.values()))
_SIDE_OF_LABEL = {label: side for side, label in SIDE_LABELS.items()}


class SideNames(dict[str, str]):
    """Each side's full name by key ("NS", "EW"), as templates read it (`names.NS`).

    `short` holds the names without the players (a team's name, or "N-S"), for table
    headings, score lines and engine messages; `has_teams` says whether teams play.
    """

    def __init__(self, full: dict[str, str], short: dict[str, str], has_teams: bool) -> None:
        super().__init__(full)
        self.short = short
        self.has_teams = has_teams

    def other(self, side: str) -> str:
        """The full name of the side that is not `side` (who confirms `side`'s card)."""
        return self["EW" if side == "NS" else "NS"]

    def say(self, text: str) -> str:
        """A scoring message about "N-S" and "E-W" (a hand's summary, an engine refusal,
        a score line), in the teams' names; unchanged for a game without teams."""
        if not self.has_teams or not text:
            return text
        return _SEAT_WORDS.sub(lambda found: self.short[_SIDE_OF_LABEL[found[0]]], text)

    def score(self, ns_total: Any, ew_total: Any) -> str:
        """'Left Bowers 10 – Jacks 6' ('N-S 10 – E-W 6' without teams)."""
        return f"{self.short['NS']} {ns_total} – {self.short['EW']} {ew_total}"


PLAIN_SIDES = SideNames(dict(SIDE_LABELS), dict(SIDE_LABELS), has_teams=False)  # no game


def _players(game: Any) -> dict[str, list[str]]:
    """The seated players' names by side, in seat order (from the game's loaded seats)."""
    seated: dict[str, list[str]] = {"NS": [], "EW": []}
    for seat in sorted(game.seats.all(), key=lambda seat: "NSEW".index(seat.seat)):
        seated["NS" if seat.seat in "NS" else "EW"].append(seat.player.name)
    return seated


def side_names(game: Any, *, players: bool = True) -> SideNames:
    """The game's side names: its teams', or its seats (with the players when `players`
    and the game has seats; pass False where the seats aren't loaded, as in a list)."""
    teams = {"NS": game.ns_team, "EW": game.ew_team}
    has_teams = any(team is not None for team in teams.values())
    short = {
        side: team.name if team is not None else SIDE_LABELS[side] for side, team in teams.items()
    }
    if has_teams or not players or game.pk is None:
        return SideNames(short, short, has_teams)
    seated = _players(game)
    full = {
        side: f"{label} · {' & '.join(seated[side])}" if seated[side] else label
        for side, label in short.items()
    }
    return SideNames(full, short, has_teams)
