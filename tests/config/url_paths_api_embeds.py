"""The api embeds part's known paths and the views they resolve to (test_url_paths reads them)."""

PATHS: list[tuple[str, str]] = [
    ("/embed/leagues/fall/fall/standings/", "embed:standings"),
    ("/embed/leagues/fall/fall/schedule/", "embed:schedule"),
    ("/embed/tournaments/fall/leaderboard/", "embed:leaderboard"),
    ("/api/leagues/fall/embeds/", "api:league_embeds"),
    ("/api/events/fall/embeds/", "api:event_embeds"),
]
