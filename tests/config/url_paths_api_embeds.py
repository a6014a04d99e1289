"""The api embeds part's known paths and the views they resolve to (test_url_paths reads them)."""

PATHS: list[tuple[str, str]] = []
