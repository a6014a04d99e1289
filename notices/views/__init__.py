"""Notice pages: the manager's outbox (manage) and the public and player pages (public)."""
