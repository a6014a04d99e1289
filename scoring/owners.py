"""A game's owner (a league fixture, a tournament round) decides whether it may take a card.

Scoring sits below the league and tournaments, so it never imports them: each owner
registers a gate at start-up, and scoring asks every gate before it records a card.
A gate returns the reasons a card is refused now (empty when it may be entered).
"""

from collections.abc import Callable
from typing import Any

CardGate = Callable[[Any], list[str]]

_gates: dict[str, CardGate] = {}


def register_card_gate(name: str, gate: CardGate) -> None:
    """Register (or replace, by name) a gate; called from an app's ready()."""
    _gates[name] = gate


def card_refusals(game: Any) -> list[str]:
    """Why `game` may not take a card now, from every registered owner's gate."""
    problems: list[str] = []
    for gate in _gates.values():
        problems.extend(gate(game))
    return problems
