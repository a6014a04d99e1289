"""Proposing makeup games for a night's teams left without one, without the ORM.

A team is left without a game when its opponent announced a forfeit ahead ("forfeited
against") or when it has the night's bye. Every proposal gives a forfeited-against team a
game: two of them paired first, then one with a bye team; teams of the same level before
teams of two levels (only when the manager allows it). Two bye teams are never proposed
together: a bye is the schedule's, not a loss the makeup repairs (the manager may still
pick them by hand). A team never meets itself, nor a team it already meets that night,
and is in at most one proposal.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

FORFEITED_AGAINST = "forfeited_against"
BYE = "bye"
WHY_LABELS = {FORFEITED_AGAINST: "opponent forfeited", BYE: "bye"}


@dataclass(frozen=True)
class Waiting:
    """A team without a game that night, with its level (None: no level) and why."""

    team_id: int
    level_id: int | None
    why: str

    @property
    def forfeited_against(self) -> bool:
        return self.why == FORFEITED_AGAINST


@dataclass(frozen=True)
class Pairing:
    """A proposed one-off: `home` has the lower team id (as the fixture is stored)."""

    home: Waiting
    away: Waiting

    @property
    def across_levels(self) -> bool:
        return self.home.level_id != self.away.level_id

    @property
    def team_ids(self) -> frozenset[int]:
        return frozenset((self.home.team_id, self.away.team_id))

    @property
    def level_id(self) -> int | None:
        return fixture_level(self.home, self.away)


@dataclass(frozen=True)
class Proposals:
    pairings: list[Pairing]
    unpaired: list[Waiting] = field(default_factory=list)  # forfeited against, no partner


def pair_of(a: Waiting, b: Waiting) -> Pairing:
    return Pairing(a, b) if a.team_id < b.team_id else Pairing(b, a)


def fixture_level(a: Waiting, b: Waiting) -> int | None:
    """The one-off's level: theirs when they share it, else the forfeited-against team's
    (the lower id's when both or neither were)."""
    if a.level_id == b.level_id:
        return a.level_id
    if a.forfeited_against != b.forfeited_against:
        return a.level_id if a.forfeited_against else b.level_id
    return (a if a.team_id < b.team_id else b).level_id


def _tier(a: Waiting, b: Waiting) -> int:
    """0 is best: same level before across, two forfeited-against before one with a bye."""
    across = a.level_id != b.level_id
    with_bye = not (a.forfeited_against and b.forfeited_against)
    return 2 * across + with_bye


def may_pair(
    a: Waiting, b: Waiting, *, meets: Iterable[frozenset[int]] = (), across_levels: bool = False
) -> bool:
    """Whether the two may be proposed together (hand picks also allow two bye teams)."""
    if a.team_id == b.team_id:
        return False
    if not across_levels and a.level_id != b.level_id:
        return False
    return frozenset((a.team_id, b.team_id)) not in set(meets)


def propose_pairings(
    waiting: Iterable[Waiting],
    *,
    meets: Iterable[frozenset[int]] = (),
    across_levels: bool = False,
) -> Proposals:
    """The night's proposals, best tier first; deterministic for the same input.

    Within a tier the team with the fewest possible partners is served first (so a team
    with one option isn't left out by a team that had several), then by team id. The
    result is maximal: no two teams left over could still be paired.
    """
    teams = sorted({w.team_id: w for w in waiting}.values(), key=lambda w: w.team_id)
    met = set(meets)

    def allowed(a: Waiting, b: Waiting) -> bool:
        if not (a.forfeited_against or b.forfeited_against):
            return False  # two byes: only by the manager's hand
        return may_pair(a, b, meets=met, across_levels=across_levels)

    free = {w.team_id: w for w in teams}
    pairings: list[Pairing] = []
    for tier in range(4):
        while True:
            options = {
                w.team_id: [
                    o
                    for o in free.values()
                    if o.team_id != w.team_id and allowed(w, o) and _tier(w, o) == tier
                ]
                for w in free.values()
            }
            choosers = [w for w in free.values() if options[w.team_id]]
            if not choosers:
                break
            first = min(choosers, key=lambda w: (len(options[w.team_id]), w.team_id))
            partner = min(
                options[first.team_id], key=lambda o: (len(options[o.team_id]), o.team_id)
            )
            pairings.append(pair_of(first, partner))
            del free[first.team_id], free[partner.team_id]
    unpaired = [w for w in free.values() if w.forfeited_against]
    return Proposals(pairings, unpaired)
