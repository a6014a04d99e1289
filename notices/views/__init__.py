"""The outbox pages, for managers (the league's notice pages are in league.announcements)."""
