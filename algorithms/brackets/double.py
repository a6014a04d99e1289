"""Double elimination: nobody is out before losing twice.

For ``S = 2^k`` bracket lines (the entrants padded with byes to the top seeds, as in
``single``):

* **Winners' bracket** (``"main"``, ids ``R1-M1`` ...): the single-elimination tree
  of ``single``, standard seeding and byes included.
* **Losers' bracket** (``"losers"``, ids ``L-R1-M1`` ...): ``2(k-1)`` rounds. Round 1
  pairs the losers of winners' round 1 (M1 v M2, M3 v M4, ...). Each even round
  ``2j`` sets the winners of round ``2j-1`` against the losers of winners' round
  ``j+1``, who enter in reverse order every other time so that two teams who have
  just met are kept apart; each odd round after the first pairs the winners of the
  round before. The last round's winner is the losers' champion.
* **Grand final** (``"final"``, ``F-R1-M1``): the winners' champion (side a) against
  the losers' champion (side b). With ``reset``, a losers' champion who wins it has
  handed the other team its first loss, so ``F-R2-M1`` between the same two (same
  sides) decides the title; when the winners' champion wins the grand final, the
  reset match is void. Without ``reset`` the grand final decides.

**Byes and void matches.** The loser of a bye does not exist, so a losers'-bracket
slot waiting for one is void: a match with one void side is a bye (its entrant goes
through at once, on side a) and a match with two void sides is void itself (no
entrants, no winner; its winner's slot is void in turn). Which matches are byes or
void follows from the seeding alone (``structural_byes``); the byes are marked as
their entrants arrive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from algorithms.brackets.single import (
    Bracket,
    Entrant,
    Match,
    Source,
    build_bracket,
)

GRAND_FINAL = "F-R1-M1"
RESET = "F-R2-M1"


@dataclass(frozen=True, slots=True)
class DoubleBracket(Bracket):
    reset: bool = True  # a losers' champion who wins the grand final forces a reset match

    def title_winner(self) -> Entrant | None:
        final = self.match(GRAND_FINAL)
        if final.winner is None:
            return None
        if not self.reset or final.winner == final.entrant_a:
            return final.winner
        return self.match(RESET).winner

    def settled(self) -> DoubleBracket:
        return _settle(self)


def is_void(match: Match) -> bool:
    """A match that will never be played: both its slots are void."""
    return match.is_bye and match.entrant_a is None and match.entrant_b is None


def build_double(
    entrants_in_seed_order: Sequence[Entrant], best_of: int = 1, reset: bool = True
) -> DoubleBracket:
    """A fresh double-elimination bracket: seed 1 first in ``entrants_in_seed_order``."""
    winners = build_bracket(entrants_in_seed_order, best_of=best_of)
    size = winners.size
    k = size.bit_length() - 1
    matches = list(winners.matches)
    wb_rounds = winners.rounds("main")

    def lb_id(rnd: int, pos: int) -> str:
        return f"L-R{rnd}-M{pos}"

    previous: list[Source] = []  # what comes out of the losers' bracket so far
    for rnd in range(1, 2 * (k - 1) + 1):
        if rnd == 1:
            first = [Source(m.id, "loser") for m in wb_rounds[0]]
            pairs = [(first[2 * p], first[2 * p + 1]) for p in range(len(first) // 2)]
        elif rnd % 2 == 0:
            j = rnd // 2
            dropping = [Source(m.id, "loser") for m in wb_rounds[j]]
            if j % 2 == 1:
                dropping.reverse()
            pairs = list(zip(previous, dropping, strict=True))
        else:
            pairs = [(previous[2 * p], previous[2 * p + 1]) for p in range(len(previous) // 2)]
        previous = []
        for pos, (a, b) in enumerate(pairs, start=1):
            match_id = lb_id(rnd, pos)
            matches.append(Match(match_id, "losers", rnd, pos, None, None, a, b, None, None, False))
            previous.append(Source(match_id))
    losers_champion = previous[0] if previous else Source(wb_rounds[-1][0].id, "loser")
    top = Source(wb_rounds[-1][0].id)
    matches.append(Match(GRAND_FINAL, "final", 1, 1, None, None, top, losers_champion, *_FRESH))
    if reset:
        # Same sides as the grand final: a is the winners' champion.
        matches.append(
            Match(RESET, "final", 2, 1, None, None, *_reset_sources(), None, None, False)
        )
    return _settle(DoubleBracket(tuple(matches), best_of, size, reset))


_FRESH = (None, None, False)


def _reset_sources() -> tuple[Source, Source]:
    return Source(GRAND_FINAL, "loser"), Source(GRAND_FINAL, "winner")


def structural_byes(bracket: DoubleBracket) -> tuple[set[str], set[str]]:
    """(byes, void matches) as the seeding makes them, whatever the results. The reset
    match is left out: whether it is played depends on the grand final."""
    byes: set[str] = set()
    void: set[str] = set()
    for m in bracket.matches:  # built in order: every feeder comes before its match
        if m.id == RESET:
            continue
        if m.source_a is None and m.source_b is None:  # winners' round 1
            if m.is_bye:
                byes.add(m.id)
            continue
        gone = [
            s is not None and (s.match_id in void or (s.outcome == "loser" and s.match_id in byes))
            for s in (m.source_a, m.source_b)
        ]
        if all(gone):
            void.add(m.id)
        elif any(gone):
            byes.add(m.id)
    return byes, void


def _resolve(by_id: dict[str, Match], source: Source):
    """("void",) when the slot will never be filled, ("entrant", who, seed) when it is
    known, ("pending",) while its feeder is undecided."""
    feeder = by_id[source.match_id]
    if is_void(feeder) or (source.outcome == "loser" and feeder.is_bye):
        return ("void",)
    if feeder.winner is None:
        return ("pending",)
    who = feeder.winner if source.outcome == "winner" else feeder.loser
    seed = feeder.seed_a if who == feeder.entrant_a else feeder.seed_b
    return ("entrant", who, seed)


def _settle(bracket: DoubleBracket) -> DoubleBracket:
    """Fill slots from decided matches, advance byes and mark void matches, until stable."""
    by_id = {m.id: m for m in bracket.matches}
    changed = True
    while changed:
        changed = False
        for m in list(by_id.values()):
            new = _settle_one(by_id, m)
            if new != m:
                by_id[m.id] = new
                changed = True
    return replace(bracket, matches=tuple(by_id[m.id] for m in bracket.matches))


def _settle_one(by_id: dict[str, Match], m: Match) -> Match:
    if m.winner is not None or is_void(m):
        return m
    if m.is_bye:  # a winners' round 1 bye
        return replace(m, winner=m.entrant_a)
    if m.id == RESET:
        final = by_id[GRAND_FINAL]
        if final.winner is not None and final.winner == final.entrant_a:
            return replace(m, is_bye=True)  # not needed: the winners' champion won
    sides = []
    for side in ("a", "b"):
        entrant = getattr(m, f"entrant_{side}")
        source = getattr(m, f"source_{side}")
        if entrant is not None:
            sides.append(("entrant", entrant, getattr(m, f"seed_{side}")))
        elif source is None:
            sides.append(("void",))
        else:
            sides.append(_resolve(by_id, source))
    (kind_a, *rest_a), (kind_b, *rest_b) = sides
    if kind_a == kind_b == "void":
        return replace(m, is_bye=True, entrant_a=None, entrant_b=None)
    if "void" in (kind_a, kind_b) and "entrant" in (kind_a, kind_b):
        who, seed = rest_a if kind_a == "entrant" else rest_b
        source = m.source_a if kind_a == "entrant" else m.source_b
        other = m.source_b if kind_a == "entrant" else m.source_a
        return replace(
            m,
            is_bye=True,
            entrant_a=who,
            seed_a=seed,
            source_a=source,
            entrant_b=None,
            seed_b=None,
            source_b=other,
            winner=who,
        )
    update: dict[str, object] = {}
    for side, (kind, *rest) in zip(("a", "b"), sides, strict=True):
        if kind == "entrant" and getattr(m, f"entrant_{side}") is None:
            update[f"entrant_{side}"], update[f"seed_{side}"] = rest
    return replace(m, **update) if update else m  # type: ignore[arg-type]
