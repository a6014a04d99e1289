"""The api tokens part's known paths and the views they resolve to (test_url_paths reads them):
scripts call the write addresses, so they must not move within version 1."""

PATHS: list[tuple[str, str]] = [
    ("/api/tokens/", "api:tokens"),
    ("/api/tokens/7/revoke/", "api:token_revoke"),
    ("/api/v1/fixtures/7/card", "api_v1:fixture_card_submit"),
    ("/api/v1/fixtures/7/confirm", "api_v1:fixture_card_confirm"),
    ("/api/v1/tournaments/tee/tables/7/scores", "api_v1:table_scores_enter"),
]
