"""Euchre scoring engine: rule sets as data, hand scoring, games and final-score checks.

Pure Python, no Django import: the models mirror ``RuleSpec`` and call these functions, so
the rules are tested once, in plain Python. Every refusal carries a message a team captain
can act on.

Modules: ``rules`` (``RuleSpec``, its check, seat and side helpers), ``core`` (score a hand,
play a game), ``checks`` (could these final scores end a game?), ``presets`` (the seed
rule sets as ``RuleSpec`` values).
"""

from scoring.engine.checks import check_final_scores
from scoring.engine.core import (
    ENDED_BY,
    GameResult,
    HandOutcome,
    HandPoints,
    play_game,
    score_hand,
    validate_hand,
)
from scoring.engine.presets import PRESETS, copy_preset
from scoring.engine.rules import (
    INDIVIDUAL,
    PARTNERSHIP,
    RENEGE_FIXED,
    RENEGE_FULL_ATTAINABLE,
    RENEGE_MODES,
    SCORING_MODES,
    SEAT_NAMES,
    SEATS,
    SIDE_LABELS,
    SIDES,
    TIE_PLAY_ONE_MORE_HAND,
    TIE_RULES,
    TIE_STANDS,
    InvalidHand,
    InvalidRuleSpec,
    RuleSpec,
    hand_value_label,
    max_hand_points,
    other_side,
    partner_of,
    seats_of,
    side_hand_values,
    side_of,
    validate_rulespec,
)

__all__ = [
    "ENDED_BY",
    "INDIVIDUAL",
    "PARTNERSHIP",
    "PRESETS",
    "RENEGE_FIXED",
    "RENEGE_FULL_ATTAINABLE",
    "RENEGE_MODES",
    "SCORING_MODES",
    "SEATS",
    "SEAT_NAMES",
    "SIDES",
    "SIDE_LABELS",
    "TIE_PLAY_ONE_MORE_HAND",
    "TIE_RULES",
    "TIE_STANDS",
    "GameResult",
    "HandOutcome",
    "HandPoints",
    "InvalidHand",
    "InvalidRuleSpec",
    "RuleSpec",
    "check_final_scores",
    "copy_preset",
    "hand_value_label",
    "max_hand_points",
    "other_side",
    "partner_of",
    "play_game",
    "score_hand",
    "seats_of",
    "side_hand_values",
    "side_of",
    "validate_hand",
    "validate_rulespec",
]
