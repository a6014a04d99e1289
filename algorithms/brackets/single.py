"""Single-elimination brackets with standard seeding, byes and best-of-N series.

Pure data in, pure data out (no ORM). A ``Bracket`` is an immutable list of
``Match`` rows; ``advance`` returns a new bracket, so a service can store each
state and history never shifts.

* **Seeding** follows the classic recursive order (1 v 16, 8 v 9, 4 v 13, ...):
  every round the best remaining seed meets the worst, so seeds 1 and 2 sit in
  opposite halves and can meet only in the final.
* **Byes** are decided at seeding: the bracket is padded to the next power of two
  and the missing seeds are the bottom ones, so byes go to the top seeds (12
  entrants: seeds 1-4 go straight to round two). A bye match has one entrant and
  advances it at once; byes never happen later in the main bracket.
* **Series**: each match is best of ``best_of`` games (odd); the first to win a
  majority takes it, so a best-of-3 needs a third game only at 1-1.
* **Consolation bracket** (optional): a second single-elimination bracket for the
  teams that lost a played first-round match, so everyone knocked out early gets
  more games. It is seeded from the first-round pairings: the match whose
  underdog had the best seed (8 v 9 of 16) sends its loser in as consolation
  seed 1, and so on; byes go to its top seeds the same way. It needs at least
  two played first-round matches.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

type Entrant = Hashable
Outcome = Literal["winner", "loser"]
# "main" is the championship (or winners') bracket; "losers" and "final" belong to
# double elimination (``algorithms.brackets.double``).
BracketName = Literal["main", "consolation", "losers", "final"]


@dataclass(frozen=True, slots=True)
class Source:
    """Where a slot's entrant comes from: the winner (or loser) of another match."""

    match_id: str
    outcome: Outcome = "winner"


@dataclass(frozen=True, slots=True)
class Match:
    id: str  # "R2-M1" in the main bracket, "C-R1-M1" in the consolation bracket
    bracket: BracketName
    round: int  # 1-based
    position: int  # 1-based, top of the bracket first
    entrant_a: Entrant | None
    entrant_b: Entrant | None
    source_a: Source | None  # None when the slot is filled at seeding
    source_b: Source | None
    seed_a: int | None  # the entrant's main-bracket seed, once the slot is filled
    seed_b: int | None
    is_bye: bool
    winner: Entrant | None = None

    @property
    def loser(self) -> Entrant | None:
        if self.winner is None or self.is_bye:
            return None
        return self.entrant_b if self.winner == self.entrant_a else self.entrant_a

    @property
    def ready(self) -> bool:
        """Both entrants known, not a bye, and not yet decided."""
        return (
            not self.is_bye
            and self.winner is None
            and self.entrant_a is not None
            and self.entrant_b is not None
        )


@dataclass(frozen=True, slots=True)
class Bracket:
    matches: tuple[Match, ...]
    best_of: int
    size: int  # main bracket lines: a power of two

    def match(self, match_id: str) -> Match:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise KeyError(f"no match {match_id!r} in this bracket")

    def rounds(self, bracket: BracketName = "main") -> list[list[Match]]:
        rows: dict[int, list[Match]] = {}
        for m in self.matches:
            if m.bracket == bracket:
                rows.setdefault(m.round, []).append(m)
        return [sorted(rows[r], key=lambda m: m.position) for r in sorted(rows)]

    def title_winner(self) -> Entrant | None:
        """Who has won the event: the main bracket's final winner, once decided."""
        rounds = self.rounds("main")
        return rounds[-1][0].winner if rounds else None

    def settled(self) -> Bracket:
        """Slots filled from decided matches and byes advanced (double elimination
        has its own rules for this)."""
        return _settle(self)


def standard_seed_order(size: int) -> list[int]:
    """Seeds in bracket-line order for a power-of-two ``size``: 8 -> 1 8 4 5 2 7 3 6.

    Built by doubling: each seed ``s`` of the half-size order is followed by its
    partner ``2n + 1 - s``, which keeps the top seeds as far apart as possible.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        twice = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, twice - s)]
    return order


def series_winner(game_winners: Sequence[Entrant], best_of: int = 3) -> Entrant | None:
    """Who has won the series (a majority of ``best_of`` games), or None yet."""
    _check_best_of(best_of)
    needed = best_of // 2 + 1
    wins: dict[Entrant, int] = {}
    for i, side in enumerate(game_winners):
        wins[side] = wins.get(side, 0) + 1
        if wins[side] == needed:
            if i != len(game_winners) - 1:
                raise ValueError("games were recorded after the series was already won")
            return side
    if len(wins) > 2:
        raise ValueError("a series has only two sides")
    return None


def series_needs_game(game_winners: Sequence[Entrant], best_of: int = 3) -> bool:
    """True while the series is undecided (best of 3: after 0 games, 1 game, or 1-1)."""
    return series_winner(game_winners, best_of) is None


def build_bracket(
    entrants_in_seed_order: Sequence[Entrant], best_of: int = 3, consolation: bool = False
) -> Bracket:
    """A fresh bracket: seed 1 first in ``entrants_in_seed_order``."""
    _check_best_of(best_of)
    entrants = list(entrants_in_seed_order)
    if len(entrants) < 2:
        raise ValueError("a bracket needs at least two entrants")
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")
    size = 1 << (len(entrants) - 1).bit_length()
    lines = [
        (None, seed, entrants[seed - 1]) if seed <= len(entrants) else None
        for seed in standard_seed_order(size)
    ]
    matches = _tree("main", "", lines)
    if consolation:
        first = sorted(
            (m for m in matches if m.round == 1 and not m.is_bye),
            key=lambda m: max(m.seed_a or 0, m.seed_b or 0),
        )
        if len(first) >= 2:
            c_size = 1 << (len(first) - 1).bit_length()
            c_lines = [
                (Source(first[s - 1].id, "loser"), None, None) if s <= len(first) else None
                for s in standard_seed_order(c_size)
            ]
            matches += _tree("consolation", "C-", c_lines)
    return _settle(Bracket(tuple(matches), best_of, size))


def advance[B: Bracket](bracket: B, match_id: str, winner: Entrant) -> B:
    """Record ``winner`` of a ready match and move entrants along; returns a new bracket
    (of either kind: single or double elimination)."""
    current = bracket.match(match_id)
    if current.is_bye:
        raise ValueError(f"{match_id} is a bye: it advances by itself")
    if current.winner is not None:
        raise ValueError(f"{match_id} is already decided ({current.winner!r} won)")
    if current.entrant_a is None or current.entrant_b is None:
        raise ValueError(f"{match_id} is waiting for an entrant")
    if winner not in (current.entrant_a, current.entrant_b):
        raise ValueError(f"{winner!r} is not playing in {match_id}")
    matches = tuple(replace(m, winner=winner) if m.id == match_id else m for m in bracket.matches)
    return replace(bracket, matches=matches).settled()


def advance_series[B: Bracket](bracket: B, match_id: str, game_winners: Sequence[Entrant]) -> B:
    """Like ``advance``, from the games' winners; refuses an unfinished series."""
    winner = series_winner(game_winners, bracket.best_of)
    if winner is None:
        raise ValueError(f"{match_id}: the series is not finished, play another game")
    return advance(bracket, match_id, winner)


def champion(bracket: Bracket, which: BracketName = "main") -> Entrant | None:
    """Winner of the event (``"main"``: for double elimination, of the grand final)
    or of the consolation bracket's final, once decided."""
    if which == "main":
        return bracket.title_winner()
    rounds = bracket.rounds(which)
    return rounds[-1][0].winner if rounds else None


def _tree(
    name: BracketName,
    prefix: str,
    lines: Sequence[tuple[Source | None, int | None, Entrant | None] | None],
) -> list[Match]:
    """Rounds of matches over ``lines`` (a power of two); a None line is a bye."""
    matches: list[Match] = []
    previous: list[str] = []
    for pos in range(len(lines) // 2):
        top, bottom = lines[2 * pos], lines[2 * pos + 1]
        if top is None:  # keep the real entrant on the a side
            top, bottom = bottom, top
        assert top is not None  # byes are only ever paired with a real line
        source_a, seed_a, entrant_a = top
        source_b, seed_b, entrant_b = bottom if bottom else (None, None, None)
        match_id = f"{prefix}R1-M{pos + 1}"
        is_bye = bottom is None
        matches.append(
            Match(
                match_id,
                name,
                1,
                pos + 1,
                entrant_a,
                entrant_b,
                source_a,
                source_b,
                seed_a,
                seed_b,
                is_bye,
            )
        )
        previous.append(match_id)
    rnd = 1
    while len(previous) > 1:
        rnd += 1
        current = []
        for pos in range(len(previous) // 2):
            match_id = f"{prefix}R{rnd}-M{pos + 1}"
            matches.append(
                Match(
                    match_id,
                    name,
                    rnd,
                    pos + 1,
                    None,
                    None,
                    Source(previous[2 * pos]),
                    Source(previous[2 * pos + 1]),
                    None,
                    None,
                    False,
                )
            )
            current.append(match_id)
        previous = current
    return matches


def _settle(bracket: Bracket) -> Bracket:
    """Fill every slot whose source is decided and auto-advance byes, until stable."""
    by_id = {m.id: m for m in bracket.matches}
    changed = True
    while changed:
        changed = False
        for m in list(by_id.values()):
            update: dict[str, object] = {}
            for side in ("a", "b"):
                source: Source | None = getattr(m, f"source_{side}")
                if source is None or getattr(m, f"entrant_{side}") is not None:
                    continue
                feeder = by_id[source.match_id]
                value = feeder.winner if source.outcome == "winner" else feeder.loser
                if value is not None:
                    update[f"entrant_{side}"] = value
                    from_a = value == feeder.entrant_a
                    update[f"seed_{side}"] = feeder.seed_a if from_a else feeder.seed_b
            present = update.get("entrant_a", m.entrant_a)
            if m.is_bye and m.winner is None and present is not None:
                update["winner"] = present
            if update:
                by_id[m.id] = replace(m, **update)  # type: ignore[arg-type]
                changed = True
    return replace(bracket, matches=tuple(by_id[m.id] for m in bracket.matches))


def _check_best_of(best_of: int) -> None:
    if best_of < 1 or best_of % 2 == 0:
        raise ValueError(f"best_of must be an odd number of games, not {best_of}")
