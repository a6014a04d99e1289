"""The makeups part's known paths and the views they resolve to (test_url_paths reads them)."""

PATHS: list[tuple[str, str]] = [
    ("/leagues/fall/fall/manage/makeups/", "league:forfeit_makeups"),
    ("/leagues/fall/fall/manage/makeups/7/cancel/", "league:makeup_cancel"),
]
