"""The api embeds part's rows of the permission matrix (merged into permission_matrix.MATRIX)."""

from tests.config.permission_entries import Entry

MATRIX: dict[str, Entry] = {}
