"""What the subs capability registers at start-up (reply handlers, signal receivers)."""


def register() -> None:
    """Called from LeagueConfig.ready(): "YES 4821" answers a sub request's text, and a
    sub found for a fixture may enter or confirm that fixture's cards for their side."""
    from accounts.permissions import register_fixture_sub_lookup
    from league.subs import replies
    from league.subs.selectors import fixture_sub_sides

    replies.register()
    register_fixture_sub_lookup(fixture_sub_sides)
