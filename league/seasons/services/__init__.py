"""Every write that is a league business action; views and tasks call these."""

from league.seasons.services.imports import (
    ImportPreview,
    ImportResult,
    season_import_csv,
    season_import_preview,
)
from league.seasons.services.rosters import (
    player_find_or_create,
    roster_add_player,
    roster_remove_entry,
    roster_set_role,
    sub_add,
    sub_decide,
    team_create,
)
from league.seasons.services.schedule import (
    fixture_update,
    season_generate_schedule,
    season_publish_schedule,
)
from league.seasons.services.seasons import (
    league_create,
    season_copy_from,
    season_create,
    season_date_add,
    season_date_remove,
    season_update,
    skill_level_add,
    venue_add,
)
from league.seasons.services.waivers import is_rostered, waiver_record_paper, waiver_sign_online

__all__ = [
    "ImportPreview",
    "ImportResult",
    "fixture_update",
    "is_rostered",
    "league_create",
    "player_find_or_create",
    "roster_add_player",
    "roster_remove_entry",
    "roster_set_role",
    "season_copy_from",
    "season_create",
    "season_date_add",
    "season_date_remove",
    "season_generate_schedule",
    "season_import_csv",
    "season_import_preview",
    "season_publish_schedule",
    "season_update",
    "skill_level_add",
    "sub_add",
    "sub_decide",
    "team_create",
    "venue_add",
    "waiver_record_paper",
    "waiver_sign_online",
]
