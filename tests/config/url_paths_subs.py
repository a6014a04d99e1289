"""The subs part's known paths and the views they resolve to (test_url_paths reads them)."""

PATHS: list[tuple[str, str]] = [
    ("/leagues/subs/answers/abcDEF123-_xyz/", "league:sub_answer"),
    ("/leagues/fixtures/7/teams/7/sub/", "league:sub_request"),
    ("/leagues/fall/fall/subs/", "league:sub_volunteer"),
    ("/leagues/fall/fall/manage/subs/", "league:subs_manage"),
]
