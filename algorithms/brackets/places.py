"""Final places from a bracket: champion, runner-up, then everyone by how far they got.

* **Single elimination**: the final's loser is second; the losers of the round before
  the final share third (places 3-4), the round before that shares fifth (5-8), and
  so on: the losers of round ``r`` of ``T`` share place ``2^(T-r) + 1``, byes or not
  (byes happen only in round one). The consolation bracket places nobody.
* **Double elimination**: the grand final (and reset) decides first and second; every
  other team is out on its second loss, in the losers' bracket, and the losers of one
  losers'-bracket round share a place: the last round's loser is third, the round
  before fourth, then by round. A round's place is one more than the number of teams
  not knocked out by the end of it, counting only real matches (not byes or void
  ones, which follow from the seeding).

Only decided places are listed, best first; tied places list several entrants. A
service may pool tied places' prizes with ``algorithms.prizes``.
"""

from __future__ import annotations

from dataclasses import dataclass

from algorithms.brackets.double import DoubleBracket, structural_byes
from algorithms.brackets.single import Bracket, Entrant


@dataclass(frozen=True, slots=True)
class Placing:
    place: int  # 1 for the champion; shared by everyone in ``entrants``
    entrants: tuple[Entrant, ...]

    @property
    def tied(self) -> bool:
        return len(self.entrants) > 1

    @property
    def last_place(self) -> int:
        """The lowest place the group covers (3 for a third-place tie of two is 4)."""
        return self.place + len(self.entrants) - 1


def placings(bracket: Bracket) -> list[Placing]:
    """Every place the results have decided so far, best first."""
    if isinstance(bracket, DoubleBracket):
        return _double(bracket)
    return _single(bracket)


def _top_two(bracket: Bracket, final_ids: list[str]) -> list[Placing]:
    champion = bracket.title_winner()
    if champion is None:
        return []
    finals = [bracket.match(i) for i in final_ids]
    pair = next(m for m in reversed(finals) if m.winner is not None and not m.is_bye)
    runner_up = pair.entrant_b if pair.entrant_a == champion else pair.entrant_a
    return [Placing(1, (champion,)), Placing(2, (runner_up,))]


def _single(bracket: Bracket) -> list[Placing]:
    rounds = bracket.rounds("main")
    if not rounds:
        return []
    total = len(rounds)
    places = _top_two(bracket, [rounds[-1][0].id])
    for number in range(total - 1, 0, -1):
        losers = tuple(m.loser for m in rounds[number - 1] if m.winner is not None and not m.is_bye)
        if losers:
            places.append(Placing(2 ** (total - number) + 1, losers))
    return places


def _double(bracket: DoubleBracket) -> list[Placing]:
    finals = [m.id for m in bracket.matches if m.bracket == "final"]
    places = _top_two(bracket, finals)
    byes, void = structural_byes(bracket)
    entrants = sum(
        (m.entrant_a is not None) + (m.entrant_b is not None) for m in bracket.rounds("main")[0]
    )
    knocked_out = 0
    lower = []
    for matches in bracket.rounds("losers"):
        knocked_out += sum(m.id not in byes and m.id not in void for m in matches)
        losers = tuple(m.loser for m in matches if m.winner is not None and not m.is_bye)
        if losers:
            lower.append(Placing(entrants - knocked_out + 1, losers))
    return places + lower[::-1]
