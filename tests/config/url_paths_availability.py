"""The availability part's known paths and the views they resolve to (test_url_paths reads them)."""

PATHS: list[tuple[str, str]] = [
    ("/leagues/fixtures/7/availability/", "league:availability_answer"),
    ("/leagues/fixtures/7/availability/abc:def/", "league:availability_link"),
    ("/leagues/teams/7/availability/", "league:team_availability"),
    ("/leagues/fall/fall/manage/availability/", "league:season_availability"),
]
