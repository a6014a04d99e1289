"""Every write a director or a confirmed card makes to a tournament."""

from tournaments.services.bracket import bracket_award_match, bracket_record_game
from tournaments.services.entries import (
    entry_check_in,
    entry_mark_no_show,
    entry_register,
    entry_reset,
    entry_set_seed,
)
from tournaments.services.heats import heats_record_game
from tournaments.services.lifecycle import (
    entry_add_late,
    entry_arrive_late,
    entry_reinstate,
    entry_withdraw,
    tournament_recheck,
    tournament_start,
)
from tournaments.services.progressive import progressive_finish, round_start_next
from tournaments.services.scores import round_enter_scores
from tournaments.services.setup import tournament_create, tournament_update

__all__ = [
    "bracket_award_match",
    "bracket_record_game",
    "entry_add_late",
    "entry_arrive_late",
    "entry_check_in",
    "entry_mark_no_show",
    "entry_register",
    "entry_reinstate",
    "entry_reset",
    "entry_set_seed",
    "entry_withdraw",
    "heats_record_game",
    "progressive_finish",
    "round_enter_scores",
    "round_start_next",
    "tournament_create",
    "tournament_recheck",
    "tournament_start",
    "tournament_update",
]
