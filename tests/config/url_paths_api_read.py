"""The api read part's known paths and the views they resolve to (test_url_paths reads them):
scripts and club sites call these addresses, so they must not move within version 1."""

PATHS: list[tuple[str, str]] = [
    ("/api/v1/", "api_v1:api-root"),
    ("/api/v1/openapi.json", "api_v1:openapi-json"),
    ("/api/v1/docs", "api_v1:openapi-view"),
    ("/api/v1/leagues", "api_v1:read_leagues"),
    ("/api/v1/leagues/fall/seasons", "api_v1:read_seasons"),
    ("/api/v1/leagues/fall/seasons/fall", "api_v1:read_season"),
    ("/api/v1/leagues/fall/seasons/fall/teams", "api_v1:read_teams"),
    ("/api/v1/leagues/fall/seasons/fall/schedule", "api_v1:read_schedule"),
    ("/api/v1/leagues/fall/seasons/fall/results", "api_v1:read_results"),
    ("/api/v1/leagues/fall/seasons/fall/standings", "api_v1:read_standings"),
    ("/api/v1/leagues/fall/seasons/fall/standings/live", "api_v1:read_standings_live"),
    ("/api/v1/leagues/fall/seasons/fall/playoffs", "api_v1:read_playoffs"),
    ("/api/v1/tournaments", "api_v1:read_tournaments"),
    ("/api/v1/tournaments/fall", "api_v1:read_tournament"),
    ("/api/v1/tournaments/fall/rounds", "api_v1:read_rounds"),
    ("/api/v1/tournaments/fall/rounds/2", "api_v1:read_round"),
    ("/api/v1/tournaments/fall/leaderboard", "api_v1:read_leaderboard"),
    ("/api/v1/tournaments/fall/bracket", "api_v1:read_bracket"),
    ("/api/v1/tournaments/fall/heats", "api_v1:read_heats"),
    ("/api/v1/tournaments/fall/stages/2", "api_v1:read_heat_stage"),
    ("/api/v1/people/7", "api_v1:read_profile"),
    ("/api/v1/people/7/rating", "api_v1:read_rating"),
    ("/api/v1/ladders/winter", "api_v1:read_ladder"),
]
