"""The API's read endpoints in the permission matrix (merged into permission_matrix.MATRIX)."""

from tests.config.permission_entries import ALL, NA, Entry, _none

MATRIX: dict[str, Entry] = {
    "api_v1:openapi-json": Entry(_none, ALL, NA),  # the schema is public
    "api_v1:openapi-view": Entry(_none, ALL, NA),  # and so is its viewer
}
