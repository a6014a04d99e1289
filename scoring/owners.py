"""A game's owner (a league fixture, a tournament round) decides whether it may take a card,
and names the league or tournament whose activity log the card's actions go to.

Scoring sits below the league and tournaments, so it never imports them: each owner
registers a gate at start-up, and every scoring write (a hand added to a draft, a card
submitted, confirmed, disputed, settled or corrected) asks every gate first, in the service.
A gate is called with the game and the step (`CardStep`) and returns the reasons the card
is refused now (empty when it may go ahead); a game that isn't the owner's gets none.
An owner may also register where to fix what its gate refuses (`register_card_fixes`):
given the game and the person, (label, url) links the entry page shows beside the reasons.
An owner whose players have no accounts may register their seat codes
(`register_side_codes`): the other side confirms a card by typing one on the submitter's phone.
Likewise each owner registers a scope lookup: given a game id, it answers ("league",
league id) or ("tournament", tournament id), or None when the game isn't its own; a game
nobody claims is logged in the site scope. And each owner says where a game's card pages
lead back to (`register_game_home`): the fixture, the round, the series or the stage.
"""

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from activity.models import Scope


class CardStep(StrEnum):
    """What is being done to a card: owners refuse more to the sides than to their staff."""

    ENTER = "enter"  # a side enters hands or submits its card
    ANSWER = "answer"  # the other side confirms or disputes it
    DECIDE = "decide"  # the owner's staff settle or correct it


CardGate = Callable[[Any, CardStep], list[str]]

_gates: dict[str, CardGate] = {}


def register_card_gate(name: str, gate: CardGate) -> None:
    """Register (or replace, by name) a gate; called from an app's ready()."""
    _gates[name] = gate


def card_refusals(game: Any, step: CardStep = CardStep.ENTER) -> list[str]:
    """Why `game` may not take this step on its card now, from every registered owner's gate."""
    problems: list[str] = []
    for gate in _gates.values():
        problems.extend(gate(game, step))
    return problems


CardFixes = Callable[[Any, Any], list[tuple[str, str]]]

_fixes: dict[str, CardFixes] = {}


def register_card_fixes(name: str, fixes: CardFixes) -> None:
    """Register (or replace, by name) where a person fixes the refusals of the gate `name`."""
    _fixes[name] = fixes


def card_fixes(game: Any, user: Any) -> list[tuple[str, str]]:
    """(label, url) links to fix why `game` takes no card now, for `user`, from every owner."""
    links: list[tuple[str, str]] = []
    for fixes in _fixes.values():
        links.extend(fixes(game, user))
    return links


# code -> (side "NS"/"EW", who holds it): the codes printed on the seat cards of a game's
# players, so a side without accounts can confirm on the other side's phone.
SideCodes = dict[str, tuple[str, str]]
SideCodeLookup = Callable[[Any], SideCodes | None]

_side_codes: dict[str, SideCodeLookup] = {}


def register_side_codes(name: str, lookup: SideCodeLookup) -> None:
    """Register (or replace, by name) an owner's seat codes; None for a game not its own."""
    _side_codes[name] = lookup


def side_codes(game: Any) -> SideCodes:
    """Every seat code of the game's players, from the owner that has them (empty: none)."""
    for lookup in _side_codes.values():
        codes = lookup(game)
        if codes is not None:
            return codes
    return {}


GameScope = tuple[str, int | None]
GameScopeLookup = Callable[[int], GameScope | None]

_scope_lookups: dict[str, GameScopeLookup] = {}


def register_game_scope(name: str, lookup: GameScopeLookup) -> None:
    """Register (or replace, by name) a scope lookup; called from an app's ready()."""
    _scope_lookups[name] = lookup


def game_scope(game_id: int) -> GameScope:
    """The league or tournament whose activity log a game's card actions go to."""
    for lookup in _scope_lookups.values():
        scope = lookup(game_id)
        if scope is not None:
            return scope
    return (Scope.SITE, None)


# (label, url): the page a game's card belongs to, e.g. ("Aces v Bowers, Tue 8 Dec", "/…").
GameHome = tuple[str, str]
GameHomeLookup = Callable[[Any], GameHome | None]

_homes: dict[str, GameHomeLookup] = {}


def register_game_home(name: str, lookup: GameHomeLookup) -> None:
    """Register (or replace, by name) where an owner's games lead back to; None: not its own."""
    _homes[name] = lookup


def game_home(game: Any) -> GameHome | None:
    """The page a game's card pages link back to, from the owner that has the game."""
    for lookup in _homes.values():
        home = lookup(game)
        if home is not None:
            return home
    return None


# The leagues and events that play under a rule set: ("league", id) or ("tournament", id)
# for each, from a season or event set to it and from the games already scored under it.
RuleSetUsers = Callable[[int], set[GameScope]]

_rule_set_users: dict[str, RuleSetUsers] = {}


def register_rule_set_users(name: str, lookup: RuleSetUsers) -> None:
    """Register (or replace, by name) an owner's users of a rule set; called from ready()."""
    _rule_set_users[name] = lookup


def rule_set_users(rule_set_id: int) -> frozenset[GameScope]:
    """Every league and event that plays under the rule set, from every owner."""
    found: set[GameScope] = set()
    for lookup in _rule_set_users.values():
        found |= lookup(rule_set_id)
    return frozenset(found)
