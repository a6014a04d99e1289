"""Every scoring write: scorecards, drafts and rule sets. Import from here."""

from scoring.services.cards import (
    scorecard_confirm,
    scorecard_correct,
    scorecard_dispute,
    scorecard_settle,
    scorecard_submit,
)
from scoring.services.drafts import (
    draft_add_hand,
    draft_clear,
    draft_remove_last_hand,
    draft_set_options,
    draft_start_from,
)
from scoring.services.rulesets import ruleset_copy, ruleset_update
from scoring.services.seat_codes import scorecard_confirm_by_code
from scoring.services.staff_entry import StaffEntry, scorecard_staff_enter

__all__ = [
    "StaffEntry",
    "draft_add_hand",
    "draft_clear",
    "draft_remove_last_hand",
    "draft_set_options",
    "draft_start_from",
    "ruleset_copy",
    "ruleset_update",
    "scorecard_confirm",
    "scorecard_confirm_by_code",
    "scorecard_correct",
    "scorecard_dispute",
    "scorecard_settle",
    "scorecard_staff_enter",
    "scorecard_submit",
]
