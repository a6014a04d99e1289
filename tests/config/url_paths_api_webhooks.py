"""The api webhooks part's known paths and the views they resolve to (test_url_paths reads them)."""

PATHS: list[tuple[str, str]] = [
    ("/api/leagues/fall/webhooks/", "api:league_webhooks"),
    ("/api/leagues/fall/webhooks/7/", "api:league_webhook"),
    ("/api/leagues/fall/webhooks/7/test/", "api:league_webhook_action"),
    ("/api/leagues/fall/webhooks/7/deliveries/9/retry/", "api:league_webhook_retry"),
    ("/api/events/spring-open/webhooks/", "api:event_webhooks"),
    ("/api/events/spring-open/webhooks/7/", "api:event_webhook"),
    ("/api/events/spring-open/webhooks/7/delete/", "api:event_webhook_action"),
    ("/api/events/spring-open/webhooks/7/deliveries/9/retry/", "api:event_webhook_retry"),
]
