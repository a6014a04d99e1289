"""Scoring models, split by subject; import them from here."""

from scoring.models.cards import HandEntry, Scorecard, ScorecardDraft, ScorecardVersion
from scoring.models.games import Game, GameSeat
from scoring.models.receipts import EntryReceipt
from scoring.models.rules import SPEC_FIELDS, RuleSet

__all__ = [
    "SPEC_FIELDS",
    "EntryReceipt",
    "Game",
    "GameSeat",
    "HandEntry",
    "RuleSet",
    "Scorecard",
    "ScorecardDraft",
    "ScorecardVersion",
]
