"""The api embeds part's rows of the permission matrix (merged into permission_matrix.MATRIX).

The embeds are public like the pages they come from, and read only (a POST is 405); the
pages listing the sites allowed to frame them are the league's managers' and the event's
directors'."""

from tests.config.permission_entries import (
    ALL,
    DIRECTOR,
    MANAGER,
    NA,
    Entry,
    _event,
    _league,
    _season,
)

MATRIX: dict[str, Entry] = {
    "embed:standings": Entry(_season, ALL, NA),
    "embed:schedule": Entry(_season, ALL, NA),
    "embed:leaderboard": Entry(_event, ALL, NA),
    "api:league_embeds": Entry(_league, MANAGER, MANAGER),
    "api:event_embeds": Entry(_event, DIRECTOR, DIRECTOR),
}
